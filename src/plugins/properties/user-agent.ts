/**
 * User-agent parsing for hackle properties, written for hackle-kit.
 *
 * The reference SDK reports what the rules of ua-parser-js 0.7.21 (with four changes) make of a UA: for each of
 * browser, OS and device, an ordered list of patterns where the first one that matches anywhere in the UA
 * decides, quirks included ("Remote" names a Motorola, "SamsungBrowser" a Samsung model "Browser"). We keep every
 * one of those rules, legacy platforms and niche browsers too, in the reference's order, in three tables of our
 * own, one rule a line: `pattern => fields`.
 *
 * Patterns are case-insensitive (one that starts with `(?-i)` is not) and `@` stands for a version, `([\w.]+)`;
 * `\s` is any white space (line breaks included), a plain space only a space. Fields are comma-separated
 * templates in which `$1`…`$9` stand for the captures (one that took no part is empty), and a field may end in
 * `|filter` (FILTERS). Browsers and systems have the fields `name,version`, devices `type,vendor,model` (an empty
 * type is `pc`); fields left out take the captures in order: a pattern alone means `$1,$2`, `=> Name` means
 * `Name,$1`, `=> type` means `type,$1,$2` and `=> type,Vendor` means `type,Vendor,$1`.
 *
 * Every pattern matches what the reference's matches and captures the same text, white space, underscores and
 * letter case included. Captures the reference never reports are left out, and so are four of its alternatives
 * that can never match (an "arch" that must also be white space, a "sony" that must also be ";", a "mac" before
 * "_powerpc" that must be white space, and an "asus" rule behind one that takes every "asus"). Where the
 * reference's backtracking would take time that grows with the square (or worse) of a long UA's length, the
 * pattern is written another way that chooses the same, and compile() adds two devices of its own; the idioms:
 * - `X(?<!X.*?X)`: only the first X of a line (or, with a class in place of `.`, of a run) is tried: a later one
 *   reaches less, so it can only fail the same way. (`(?<!X.*?c)`, c the last character of X, where X may span a
 *   line break.)
 * - `(?=(Y))\n`: Y taken whole and never given back (an atomic group), where giving back cannot help.
 * - `@(?:(?![\w.]).+|.)Z` for the reference's `@.+Z`: the whole version when a Z follows after it, otherwise the
 *   longest part that one more character and a Z follow, which is what the reference ends up with.
 *
 * test/unit/plugins/properties/ua-corpus.json holds the reference's output for the UA corpus, including a
 * legacy/edge section that reaches every rule in several spellings; this parser matches all of it.
 */

/** What a user agent string tells, as the reference's parser reads it (`''` for what it does not tell). */
export interface UserAgentInfo {
  /** The browser's name. */
  browserName: string
  /** The browser's full version. */
  browserVersion: string
  /** The version's first number. */
  browserMajorVersion: string
  /** The operating system's name. */
  osName: string
  /** Its version. */
  osVersion: string
  /** `pc` when the UA names no device type; `phone`, `tablet`, `tv`, `console`, `wearable` (or `tab`) otherwise. */
  deviceType: string
  /** The device model. */
  deviceModel: string
  /** Also reported as `deviceBrand`. */
  deviceVendor: string
}

const BROWSERS = String.raw`(opera\smini)/([\w.-]+)
(opera\s[abeilmot](?<!opera\s[abeilmot].*?[abeilmot])[abeilmot]*)(?:(?![abeilmot]).+|.)version/([\w.-]+)
(opera).+version/@
(opera)[/\s]+@
opios[/\s]+@ => Opera Mini
\sopr/@ => Opera
(kindle)/@
(lunascape|maxthon|netfront|jasmine|blazer)[/\s]?([\w.]*)
(avant\s|iemobile|slim)(?:browser)?[/\s]?([\w.]*)
(bidubrowser|baidubrowser)[/\s]?@
(?:ms|\()(ie)\s@
(rekonq)/([\w.]*)
(chromium|flock|rockmelt|midori|epiphany|silk|skyfire|ovibrowser|bolt|iron|vivaldi|iridium|phantomjs|bowser|quark|qupzilla|falkon)/([\w.-]+)
konqueror/@ => Konqueror
trident.+rv[:\s]@.+like\sgecko => IE
edg(?:e|ios|a)?/@ => Edge
yabrowser/@ => Yandex
avast/@ => Avast Secure Browser
avg/@ => AVG Secure Browser
puffin/@ => Puffin
focus/@ => Firefox Focus
opt/@ => Opera Touch
(?:[\s/]uc?\s?browser|juc(?<!juc.*?juc).+ucweb)[/\s]?@ => UCBrowser
(comodo_dragon)/@ => $1|spaces,$2
windowswechat qbcore/@ => WeChat(Win) Desktop
micromessenger/@ => WeChat
brave/@ => Brave
whale/@ => Whale
(qqbrowserlite)/@
(qq)/([\d.]+)
(qqbrowser)[/\s]?@
(baiduboxapp)[/\s]?@
(2345explorer)[/\s]?@
(metasr)[/\s]?[\w.]+
(lbbrowser)
xiaomi/miuibrowser/@ => MIUI Browser
;fbav/@; => Facebook
safari\s(line)/@
android.+(line)/@/iab
headlesschrome(?:/@|\s) => Chrome Headless
\swv\)(?<!\swv\).*?\)).+(chrome)/@ => $1 WebView,$2
((?:oculus|samsung)browser)/@ => $1|browser,$2
(?:android(?<!android.*?android).+crmo|crios)/@ => Chrome Mobile
android.+chrome/@\s+mobile\s?safari => Chrome Mobile
android.+version/@\s => Android Browser
sailfishbrowser/@ => Sailfish Browser
(chrome|omniweb|arora|[tizenoka]{5}\s?browser)/v?@
dolfin/@ => Dolphin
(?:qihu|(?:qh|qihoo|360)browser) => 360 Browser
coast/@ => Opera Coast
fxios/([\w.-]+) => Firefox
version/(?=[\w.])(?<!version/[\w.].*?version/)@(?:(?![\w.]).+?|.)mobile/\w+\s(safari) => Mobile Safari
version/(?=[\w.])(?<!version/[\w.].*?version/)@(?:(?![\w.]).+?|.)(mobile\s?safari|safari) => $2,$1
webkit(?<!webkit.*?webkit)(?=(.+?gsa/(?=[\w.])))\1@(?:(?![\w.]).+?|.)(?:mobile\s?safari|safari)/[\w.] => GSA,$2
webkit.+?(mobile\s?safari|safari)(/[\w.]+) => $1,$2|safari
(webkit|khtml)/@
(?:navigator|netscape)/([\w.-]+) => Netscape
(swiftfox)
(icedragon|iceweasel|camino|chimera|fennec|maemo\sbrowser|minimo|conkeror)[/\s]?([\w.+]+)
(firefox|seamonkey|k-meleon|icecat|iceape|firebird|phoenix|palemoon|basilisk|waterfox)/([\w.-]+)
(mozilla)/(?=[\w.])(?<!mozilla/[\w.].*?mozilla/)@(?:(?![\w.]).+|.)rv:.+gecko/\d
(polaris|lynx|dillo|icab|doris|amaya|w3m|netsurf|sleipnir)[/\s]?@
(links)\s\(@
(gobrowser)/?([\w.]*)
(ice\s?browser)/v?@
(mosaic)[/\s]@`

const OSES = String.raw`microsoft\s(windows)\s(vista|xp)
(windows)\snt\s6\.2;\s(arm) => $1,$2|windows
(windows\sphone(?:\sos)*)[\s/]?([\w.\s]*) => $1,$2|windows
(windows\smobile|windows)[\s/]?([ntce\d.\s]+\w) => $1,$2|windows
(?:win(?=3|9|n)|win\s9x\s)([nt\d.]+) => Windows,$1|windows
\(bb(10); => BlackBerry
(blackberry)\w*/?([\w.]*)
(tizen|kaios)[/\s]@
(android|webos|palm\sos|qnx|bada|rim\stablet\sos|meego|sailfish|contiki)[/\s-]?([\w.]*)
(?:symbian\s?os|symbos|s60(?=;))[/\s-]?([\w.]*) => Symbian
\((series40);
mozilla(?<!mozilla.*?mozilla)(?=(.+?\(mobile;))\1(?=(.+?gecko))\2.+?firefox => Firefox OS,
(?:nintendo|playstation)\s([wids34portablevu]+) => Linux
mint[/\s(]?(\w*) => Linux
(?:mageia|vectorlinux)[;\s] => Linux
(?:joli|[kxln]?ubuntu|debian|suse|gentoo|slackware|fedora|mandriva|centos|pclinuxos|redhat|zenwalk|linpus)[/\s-]?(?!chrom)([\w.-]*) => Linux
(?:hurd|linux)\s?([\w.]*) => Linux
gnu\s?([\w.]*) => Linux
cros\s\w+\s([\w.]+\w) => Chromium OS
sunos\s?([\w.]*) => Solaris
\s(?:[frentopc-]{0,4}bsd|dragonfly)\s?([\w.]*) => Linux
iphone(?:(?<!iphone.*?iphone).*os(?![^\S\n\r\u2028\u2029]*\w*?os)\s*(\w*)\slike\smac|;\sopera) => iOS,$1|dots
ipad(?:(?<!ipad.*?ipad).*os(?![^\S\n\r\u2028\u2029]*\w*?os)\s*(\w*)\slike\smac|;\sopera) => iOS,$1|dots
(haiku)\s(\w+)
cfnetwork/.+darwin => iOS
ip[honead]{2,4}(?:(?<!ip[honead]{2,4}.*?ip[honead]{2,4}).*os\s(\w+)\slike\smac|;\sopera) => iOS,$1|dots
mac\sos\sx\s?([\w\s.]*) => Mac,$1|dots
macintosh => Mac
((?:open)?solaris)[/\s-]?([\w.]*)
(aix)\s(?:(?:\d\.)*(\d\.))?
(plan\s9|minix|beos|os/2|amigaos|morphos|risc\sos|openvms|fuchsia)
(unix)\s?([\w.]*)`

const DEVICES = String.raw`\((ipad|playbook);[\w\s),;-]+(rim|apple) => tablet,$2,$1
(?-i)applecoremedia/[\w.]+ \((ipad) => tablet,Apple
apple\s?tv => tv,Apple,Apple TV
(archos)\s(gamepad2?) => tablet
(hp).+(touchpad) => tablet
(hp).+(tablet) => tablet
(kindle)/@ => tablet
\s(nook)(?<!\snook[\w\s]*?\snook)[\w\s]+build/(\w+) => tablet
(dell)\s(strea[kpr\s\d]*[\dko]) => tablet
(kf(?<!kf[A-z]*?kf)[A-z]+)\sbuild/.+silk/ => tablet,Amazon
(?:sd|kf)[0349hijorstuw]+\sbuild/.+silk/ => phone,Amazon,Fire Phone
android.+aft([bms])\sbuild => tv,Amazon
\((ip[\w\s|*]+);(?<!\(ip[\w\s|*]+;.*?;).+(apple) => phone,$2,$1
\((ip[\w\s|*]+); => phone,Apple
(blackberry)[\s-]?(\w+) => phone
(blackberry|benq|palm(?=-)|sonyericsson|acer|asus|dell|meizu|motorola|polytron)[\s_-]?([\w-]*) => phone
(hp)\s([\w\s]+\w) => phone
\(bb10;\s(\w+) => phone,BlackBerry
android.+(transfo[prime\s]{4,10}\s\w+|eeepc|slider\s\w+|nexus 7|padfone|p00c) => tablet,Asus
sony\stablet\s[ps]\sbuild/ => tablet,Sony,Xperia Tablet
sgp.+\sbuild/ => tablet,Sony,Xperia Tablet
android.+\s([c-g]\d{4}|so[-l]\w+)(?=\sbuild/|\).+chrome/(?![1-6]?\d\.)) => phone,Sony
\s(ouya)\s => console
(nintendo)\s([wids3u]+) => console
android.+;\s(shield)\sbuild => console,Nvidia
(playstation\s[34portablevi]+) => console,Sony
(sprint\s(\w+)) => phone,$1|carrier,$2|evo
(htc)(?:(?=([;_\s-]+))\2(?=\w)|[;_\s-]+(?=[\s_]\)|_))([\w\s]+(?=\)|\sbuild)|\w+) => phone,$1,$3|spaces
(zte)-(\w*) => phone,$1,$2|spaces
(alcatel|geeksphone|nexian|panasonic)[_\s-]?([\w-]*) => phone,$1,$2|spaces
(nexus\s9) => tablet,HTC
d/huawei([\w\s-]+)[;)] => phone,Huawei
(nexus\s6p|vog-l29|ane-lx1|eml-l29) => phone,Huawei
android.+(bah2?-a?[lw]\d\d) => tablet,Huawei
(microsoft);\s(lumia[\s\w]+) => phone
[\s(;](xbox(?:\sone)?)[\s);] => console,Microsoft
(kin)\.([onetw]{3}) => phone,Microsoft,$1 $2
\s(?=milestone|droid)(?:(?<!\s(?:milestone|droid)[\w\s]*?)|(?=droid(?:[2-4x]|\s(?:bionic|x2|pro|razr))?:))(milestone|droid(?:[2-4x]|\s(?:bionic|x2|pro|razr))?:?(?:\s4g)?)[\w\s]+build/ => phone,Motorola
mot[\s-]?(\w*) => phone,Motorola
(xt\d{3,4}) build/ => phone,Motorola
(nexus\s6) => phone,Motorola
android.+\s(mz60\d|xoom[\s2]{0,2})\sbuild/ => tablet,Motorola
hbbtv/\d+\.\d+\.\d+\s+\([\w\s]*;\s*(\w[^;]*[^;\s]|\w)\s*;\s*([^;]*[^;\s]|) => tv
hbbtv.+maple;(\d+) => tv,Samsung,SmartTV$1
\(dtv[);].+(aquos) => tv,Sharp
android.+(sch-i[89]0\d|shw-m380s|gt-p\d{4}|gt-n\d+|sgh-t8[56]9|nexus 10) => tablet,Samsung
(sm-t\w+) => tablet,Samsung
smart-tv.+(samsung) => tv,$1,
(s[cgp]h-\w+|gt-\w+|galaxy\snexus|sm-\w\w+) => phone,Samsung
sam[sung]*[\s-]*(\w+-?[\w-]*) => phone,Samsung
sec-(sgh\w+) => phone,Samsung
sie-(\w*) => phone,Siemens
(?:maemo|nokia)(?<!(?:maemo|nokia).*?(?:maemo|nokia)).*(n900|lumia\s\d+) => phone,Nokia
nokia[\s_-]?([\w-]*) => phone,Nokia
android[x\d.\s;]+\s([ab][1-7]-?[0178a]\d\d?) => tablet,Acer
android.+([vl]k-?\d{3})\s+build => tablet,LG
android\s3\.[\s\w;-]{10}lg?-([06cv9]{3,4}) => tablet,LG
(lg) netcast\.tv => tv,$1,
(nexus\s[45]) => phone,LG
lg[e;\s/-]+(\w*) => phone,LG
android.+lg(-?\w+)\s+build => phone,LG
(lenovo)\s?(s(?:5000|6000)[\w-]+|tab[\s\w]+) => tablet
android.+(ideatab[a-z\d\s-]+) => tablet,Lenovo
(lenovo)[_\s-]?([\w-]+) => phone
linux;.+(jolla); => phone,$1,$1
(pebble)app/[\d.]+\s => wearable,$1,$1
android.+;\s(oppo)\s?([\w\s]+)\sbuild => phone
crkey => tv,Google,Chromecast
android.+;\s(glass)\s\d => wearable,Google
android.+;\s(pixel c)[\s)] => tablet,Google
android.+;\s(pixel(?: [23])?(?: xl)?)[\s)] => phone,Google
android.+;\s(\w+)\s+build/hm\1 => phone,Xiaomi,$1|spaces
android.+(hm(?=([\s_-]*))\2note?(?=((?:[\s_](?!build))*))\3(?:\d\w)?)\s+build => phone,Xiaomi,$1|spaces
android.+(mi(?=((?:[\s_-](?!build))*))\2(?:a\d|one|one[\s_]plus|note lte)?(?=((?:[\s_](?!build))*))\3\d?\w?(?=((?:[\s_](?!build))*))\4(?:plus)?)\s+build => phone,Xiaomi,$1|spaces
android.+(redmi(?:(?=([\s_]*-))\2)*[\w\s]+)\sbuild => phone,Xiaomi,$1|spaces
android.+(mi(?=([\s_-]*))\2pad[\w\s]+)\sbuild => tablet,Xiaomi,$1|spaces
android.+;\s(m[1-5]\snote)\sbuild => phone,Meizu
mz-([\w-]{2,}) => phone,Meizu
android.+a000(1)\s+build => phone,OnePlus
android.+oneplus\s(a\d{4})[\s)] => phone,OnePlus
android.+[;/]\s*(rct\w+)\s+build => tablet,RCA
android(?<!android.*?android).(?:.*(?<![;/\s]))?[;/\s]+(venue[\d\s]{2,7})\s+build => tablet,Dell
android.+[;/]\s*(q[t|m]\w+)\s+build => tablet,Verizon
android.+[;/]\s+(?:barnes[&\s]+noble\s+|bn[rt])(v?.*)\s+build => tablet,Barnes & Noble
android.+[;/]\s+(tm\d{3}.*)\b\s+build => tablet,NuVision
android.+;\s(k88)\sbuild => tablet,ZTE
android.+[;/]\s*(gen\d{3})\s+build.*49h => phone,Swiss
android.+[;/]\s*(zur\d{3})\s+build => tablet,Swiss
android.+[;/]\s*((?:zeki)?tb.*)\b\s+build => tablet,Zeki
android.+[;/]\s+([yr]\d\d)\s+build => tablet,Dragon Touch
android.+[;/]\s+(?:dragon[-\s]+touch\s+|dt)(\w{5})\sbuild => tablet,Dragon Touch
android.+[;/]\s*(ns-?\w{0,9})\sbuild => tablet,Insignia
android.+[;/]\s*((?:nx|next)-?\w{0,9})\s+build => tablet,NextBook
android.+[;/]\s*(?:xtreme_)?(v(?:1[045]|2[015]|30|40|60|7[05]|90))\s+build => phone,Voice
android.+[;/]\s*(?:lvtel-)?(v1[12])\s+build => phone,LvTel
android.+;\s(ph-1)\s => phone,Essential
android.+[;/]\s*(v(?:100md|700na|7011|917g).*)\b\s+build => tablet,Envizen
android.+[;/]\s*(le[\s-]+pan)[\s-]+(\w{1,9})\s+build => tablet
android.+[;/]\s*(trio[\s-]*.*)\s+build => tablet,MachSpeed
android.+[;/]\s*(trinity)[-\s]*(t\d{3})\s+build => tablet
android.+[;/]\s*tu_(1491)\s+build => tablet,Rotor
android.+(ks.+)\s+build => tablet,Amazon
android.+(gigaset)[\s-]+(q\w{1,9})\s+build => tablet
\s(tablet|tab)[;/] => $1,,
\smobile(?:[;/]|\ssafari) => phone,,
[\s/(]smart-?tv[;)] => tv,,
(android[\w.\s-]{0,9});(?<!android[\w.\s-]{0,9};.*?;).+build => ,Generic`

/**
 * A filter that looks its text up in `result:token` pairs, tried in order: the first token the text contains
 * (ignoring case) gives its result; a text that contains none is kept.
 */
const lookup = (pairs: string) => (text: string) => {
  for (const pair of pairs.split(',')) {
    const [result, token] = pair.split(':') as [string, string]
    if (text.toLowerCase().includes(token)) return result
  }
  return text
}

/** The filters a field can name after `|`. */
const FILTERS: Record<string, (text: string) => string> = {
  windows: lookup('7:nt 6.1,8:nt 6.2,10:nt 6.4,10:nt 10.0,2000:nt 5.0,ME:4.90,NT 3.11:nt3.51,NT 4.0:nt4.0,XP:nt 5.1,XP:nt 5.2,Vista:nt 6.0,8.1:nt 6.3,RT:arm'),
  // Safari 1 and 2 named no "Version/": the build after "Safari" tells it, and an unknown build no version at all
  safari: lookup('1.0:/8,1.2:/1,1.3:/3,2.0:/412,2.0.2:/416,2.0.3:/417,2.0.4:/419,:'),
  carrier: lookup('HTC:apa,Sprint:'),
  evo: lookup('Evo Shift 4G:7373kt'),
  spaces: (text) => text.replace(/_/g, ' '),
  dots: (text) => text.replace(/_/g, '.'),
  // "SamsungBrowser" becomes "Samsung Browser" (and "OculusBrowser" "Oculus Browser"), but only where the letters
  // before "Browser" are the lower-case "g" or "us"
  browser: (text) => text.replace(/(g|us)(?=.{7}$)/, '$1 '),
}

/** One parser rule: a pattern and the fields its groups fill. */
interface Rule {
  /** The pattern tried on the user agent. */
  pattern: RegExp
  /** For a pattern that ends in a fixed text: the UA up to the end of that text's last occurrence. */
  end?: RegExp | ''
  /** The field each capture group fills, in order. */
  fields: string[]
}
let tables: Rule[][] | undefined

/**
 * Compiles one table of rules with `size` fields each (see the header). Two devices keep long UAs cheap without
 * changing what any rule matches:
 * - A pattern that starts with a fixed text (one character a step, none of them white space) and `.+` or `.*`
 *   gets the `X(?<!X.*?X)` of the header: it is tried at the first occurrence of that text on a line only.
 * - A pattern that ends in a fixed text is run on the UA up to the end of that text's last occurrence only,
 *   since every match ends there or before (a `\s+` that starts the text is looked for from its first space).
 */
function compile(table: string, size: number): Rule[] {
  return table.split('\n').map((line) => {
    let [source, out] = line.split(' => ') as [string, string | undefined]
    const fields = out?.split(',') ?? []
    // missing fields take the captures in order
    for (let i = 1; fields.length < size; i++) fields.push('$' + i)
    const flags = source.startsWith('(?-i)') ? '' : 'i'
    source = source.replace('(?-i)', '').replace(/@/g, '([\\w.]+)')
    source = source.replace(/^(?:\\\W|\[[^\\\]^]*\]|[\w;/()-])+?(?=\.[+*])/, (lead) => {
      const text = lead.replace(/(\\.|\[.*?\])|[()]/g, '$1') // (looked for without its captures)
      return `${lead}(?<!${text}.*?${text})`
    })
    const tail = /(?<!\\)(?:\\s\+|\\\D|\[[^\]]*\]|[\w;/ -])+$/.exec(source)?.[0]
    return {
      pattern: RegExp(source, flags),
      end: tail && RegExp(`^[\\s\\S]*${tail.replace(/^\\s\+/, '(?<!\\s)$&')}`, flags),
      fields,
    }
  })
}

/** The fields of the first rule of `table` that matches `ua`, filled in (all empty when none matches). */
function first(table: Rule[], ua: string): string[] {
  for (const { pattern, end, fields } of table) {
    const m = (end ? end.exec(ua)?.[0] : ua)?.match(pattern)
    if (m) {
      return fields.map((field) => {
        const [template, filter] = field.split('|') as [string, string | undefined]
        const text = template.replace(/\$(\d)/g, (_, i: string) => m[+i] ?? '')
        return filter ? FILTERS[filter]!(text) : text
      })
    }
  }
  return []
}

/** Parses one user agent into the UA-derived hackle properties, as the reference SDK does. */
export function parseUserAgent(ua: string): UserAgentInfo {
  const [browsers, oses, devices] = (tables ??= [
    compile(BROWSERS, 2),
    compile(OSES, 2),
    compile(DEVICES, 3),
  ]) as [Rule[], Rule[], Rule[]]

  const [browserName = '', browserVersion = ''] = first(browsers, ua)
  const [osName = '', osVersion = ''] = first(oses, ua)
  const [type = '', vendor = '', model = ''] = first(devices, ua)

  return {
    browserName,
    browserVersion,
    browserMajorVersion: browserVersion.replace(/[^\d.]/g, '').split('.')[0]!,
    osName: osName.match(/\b(?:Mac|Windows|Linux|Android|iOS)\b/)?.[0] ?? osName,
    osVersion,
    deviceType: type.toLowerCase() || 'pc',
    deviceModel: model,
    deviceVendor: vendor,
  }
}
