/**
 * User-agent parsing for hackle properties (browser-behaviour.md §9), written for hackle-kit.
 *
 * The reference SDK reports what the rules of ua-parser-js 0.7.21 (with four changes) make of a UA: for each of
 * browser, OS and device, an ordered list of patterns where the first one that matches anywhere in the UA
 * decides, quirks included ("Remote" names a Motorola, "SamsungBrowser" a Samsung model "Browser"). We keep that
 * first-match order in three tables of our own, one rule a line, `pattern => output`; patterns are
 * case-insensitive and `@` stands for a version, `([\w.]+)`.
 *
 * Left out on purpose, to stay small: rules that only legacy platforms, or browsers that cannot run this SDK,
 * reach. Browsers: OmniWeb, Netscape, Swiftfox, IceDragon, Minimo, Conkeror, Phoenix, rekonq, Rockmelt, Skyfire,
 * Ovi, Iridium, QupZilla, Jasmine, Blazer, Bidu, Comodo Dragon, Opera Coast, Opera Mini for iOS (OPiOS),
 * Sailfish, 360, 2345, Sogou, LieBao, the QQ app, WeChat for Windows, Polaris, Amaya, w3m, NetSurf, Sleipnir,
 * Links, ICEbrowser and Mosaic. Systems: Palm OS, QNX, bada, MeeGo, Contiki, Series40, Haiku, a bare "Solaris",
 * AIX, Unix, BeOS, OS/2, Plan 9, Minix, AmigaOS, MorphOS, RISC OS, OpenVMS, a bare "Macintosh", Mint, Mageia
 * and a few other old distributions (still Linux, with another version), iTunes' "Microsoft Windows XP", and the
 * Windows names before XP. Devices: Apple TV, Archos, HP, Nook, Fire Phone, Sprint, OUYA, the Shield portable,
 * Geeksphone, Nexian, Kin, Droid, Milestone, Xoom, Sharp TVs, Siemens, LG tablets and NetCast TVs, IdeaTab, Jolla,
 * Pebble, Glass, Meizu notes, old Xiaomi HM codes, Samsung "sec-SGH" codes, Motorola MZ60x, ZTE K88, Dell
 * Streak, and the small tablet brands (RCA, Dell Venue, Verizon, Barnes & Noble, NuVision, Swiss, Voice, LvTel,
 * Essential, Envizen, Le Pan, Trio, Trinity, Rotor, Gigaset, Dragon Touch "DT…"). Their UAs get the answer of a
 * later, usually generic, rule. Also simplified, where only an unusual spelling of a UA tells the difference:
 * underscores in any device model become spaces and device captures are trimmed (the reference does both for
 * some rules only), a space inside a pattern is a plain space (the reference's allows any white space), and a
 * few names are fixed ("Chrome WebView", "Samsung Browser", vendor "Apple") where the reference repeats the UA's
 * letter case.
 *
 * test/unit/plugins/properties/ua-corpus.json holds the reference's output for the UA corpus; this parser matches
 * all of it but its `known` entry, a representative of what is left out.
 */

export interface UserAgentInfo {
  browserName: string
  browserVersion: string
  browserMajorVersion: string
  osName: string
  osVersion: string
  /** `pc` when the UA names no device type; `phone`, `tablet`, `tv`, `console` (or `tab`, for "Tab;") otherwise. */
  deviceType: string
  deviceModel: string
  /** Also reported as `deviceBrand`. */
  deviceVendor: string
}

/** Browsers: `pattern` captures (name, version); `pattern => Name` captures the version only. */
const BROWSERS = String.raw`(opera mini)/([\w.-]+)
(opera (?:mobi|tab)[a-z]*).+version/([\w.-]+)
(opera)(?:.+version/|[/ ]+)@
\sopr/@ => Opera
(kindle)/@
(lunascape|maxthon|netfront)[/ ]?([\w.]*)
(avant |iemobile|slim)(?:browser)?[/ ]?([\w.]*)
(baidubrowser)[/ ]?@
(?:ms|\()(ie) @
(chromium|flock|midori|epiphany|silk|bolt|iron|vivaldi|phantomjs|bowser|quark|falkon)/([\w.-]+)
konqueror/@ => Konqueror
trident.+rv[:\s]@.+like gecko => IE
edg(?:e|a|ios)?/@ => Edge
yabrowser/@ => Yandex
avast/@ => Avast Secure Browser
avg/@ => AVG Secure Browser
puffin/@ => Puffin
focus/@ => Firefox Focus
opt/@ => Opera Touch
(?:[\s/]uc? ?browser|juc.+ucweb)[/ ]?@ => UCBrowser
micromessenger/@ => WeChat
brave/@ => Brave
whale/@ => Whale
m?(qqbrowserlite|qqbrowser|baiduboxapp)[/ ]?@
xiaomi/miuibrowser/@ => MIUI Browser
;fbav/@; => Facebook
safari (line)/@
android.+(line)/@/iab
headlesschrome(?:/@| ) => Chrome Headless
\swv\).+chrome/@ => Chrome WebView
oculusbrowser/@ => Oculus Browser
samsungbrowser/@ => Samsung Browser
(?:android.+crmo|crios)/@ => Chrome Mobile
android.+chrome/@ +mobile ?safari => Chrome Mobile
android.+version/@\s => Android Browser
(chrome|arora|(?:tizen|nokia) ?browser)/v?@
dolfin/@ => Dolphin
fxios/([\w.-]+) => Firefox
version/@.+?mobile/\w+ safari => Mobile Safari
version/(?=[\w.]+.+?(mobile ?safari|safari))@
webkit.+?gsa/@.+?safari/[\w.] => GSA
webkit.+?(mobile ?safari|safari)(/[\w.]+)
(webkit|khtml)/@
(iceweasel|camino|chimera|fennec|maemo browser)[/ ]?([\w.+]+)
(firefox|seamonkey|k-meleon|icecat|iceape|firebird|palemoon|basilisk|waterfox)/([\w.-]+)
(mozilla)/@.+rv:.+gecko/\d
(lynx|dillo|icab|doris)[/ ]?@
(gobrowser)/?([\w.]*)`

/** Safari 1-2 named no "Version/": the build number after "Safari/" tells it (`version:build` pairs). */
const OLD_SAFARI = '1.0:/8,1.2:/1,1.3:/3'

/** Operating systems: `pattern` captures (name, version); `pattern => Name` captures the version only. */
const OSES = String.raw`(windows) nt 6\.2; (arm)
(windows phone(?: os)*)[\s/]?([\w.\s]*)
(windows mobile|windows)[\s/]?([ntce\d.\s]+\w)
(?:win(?=3|9|n)|win 9x )([nt\d.]+) => Windows
\(bb(10); => BlackBerry
(blackberry)\w*/?([\w.]*)
(tizen|kaios)[/\s]@
(android|webos|rim tablet os|sailfish)[/\s-]?([\w.]*)
(?:symbian ?os|symbos|s60(?=;))[/\s-]?([\w.]*) => Symbian
mozilla.+\(mobile;.+gecko.+firefox => Firefox OS
(?:nintendo|playstation) ([wids34portablevu]+) => Linux
(?:[kxl]?ubuntu|debian|suse|gentoo|slackware|fedora|centos|redhat)[/\s-]?(?!chrom)([\w.-]*) => Linux
(?:hurd|linux) ?([\w.]*) => Linux
cros \w+ ([\w.]+\w) => Chromium OS
sunos ?([\w.]*) => Solaris
\s(?:[frentopc-]{0,4}bsd|dragonfly) ?([\w.]*) => Linux
ip(?:hone|ad|od)(?:.*os *(\w*) like mac|; opera) => iOS
cfnetwork/.+darwin => iOS
mac os x ?([\w\s.]*) => Mac
(fuchsia)`

/** Windows versions by the token they contain (`name:token` pairs), in the order the reference tries them. */
const WINDOWS = '7:NT 6.1,8:NT 6.2,10:NT 6.4,10:NT 10.0,XP:NT 5.1,XP:NT 5.2,Vista:NT 6.0,8.1:NT 6.3,RT:ARM'

/**
 * Devices: `pattern => type,Vendor,Model`. With a vendor, capture 1 is the model (after a given model, as in
 * "SmartTV2011"); without one, capture 1 is the vendor and capture 2 the model. An empty vendor sets the type
 * only; an empty type is none (`pc`).
 */
const DEVICES = String.raw`\((ipad);[\w\s),;-]+apple => tablet,Apple
\((playbook);[\w\s),;-]+rim => tablet,RIM
(kindle)/@ => tablet
(kf[a-z]+) build/.+silk/ => tablet,Amazon
android.+aft([bms]) build => tv,Amazon
\((ip[\w\s|*]+); => phone,Apple
(blackberry)[\s-]?(\w+) => phone
(blackberry|benq|palm(?=-)|sonyericsson|acer|asus|dell|meizu|motorola|polytron)[\s_-]?([\w-]*) => phone
\(bb10; (\w+) => phone,BlackBerry
android.+(transfo[eimpr\s]{4,10} \w+|eeepc|slider \w+|nexus 7|padfone|p00c) => tablet,Asus
sony tablet [ps] build/|sgp.+ build/ => tablet,Sony,Xperia Tablet
android.+ ([c-g]\d{4}|so[-l]\w+)(?= build/|\).+chrome/(?![1-6]?\d\.)) => phone,Sony
(nintendo) ([wids3u]+) => console
(playstation [34portablevi]+) => console,Sony
(htc)[;_\s-]+([\w\s]+(?=\)| build)|\w+) => phone
(zte)-(\w*) => phone
(alcatel|panasonic)[_\s-]?([\w-]*) => phone
(nexus 9) => tablet,HTC
d/huawei([\w\s-]+)[;)] => phone,Huawei
(nexus 6p|vog-l29|ane-lx1|eml-l29) => phone,Huawei
android.+(bah2?-a?[lw]\d\d) => tablet,Huawei
(microsoft); (lumia[\w\s]+) => phone
[\s(;](xbox(?: one)?)[\s);] => console,Microsoft
mot[\s-]?(\w*) => phone,Motorola
(xt\d{3,4}) build/ => phone,Motorola
(nexus 6) => phone,Motorola
hbbtv/\d+\.\d+\.\d+ +\([\w\s]*; *(\w[^;]*);([^;]*) => tv
hbbtv.+maple;(\d+) => tv,Samsung,SmartTV
android.+(sch-i[89]0\d|shw-m380s|gt-p\d{4}|gt-n\d+|sgh-t8[56]9|nexus 10) => tablet,Samsung
(sm-t\w+) => tablet,Samsung
smart-tv.+(samsung) => tv
(s[cgp]h-\w+|gt-\w+|galaxy nexus|sm-\w\w+) => phone,Samsung
sam[sung]*[\s-]*(\w+-?[\w-]*) => phone,Samsung
(?:maemo|nokia).*(n900|lumia \d+) => phone,Nokia
nokia[\s_-]?([\w-]*) => phone,Nokia
android[x\d.\s;]+\s([ab][1-7]-?[0178a]\d\d?) => tablet,Acer
(nexus [45]) => phone,LG
lg[e;\s/-]+(\w*) => phone,LG
android.+lg(-?\w+) +build => phone,LG
(lenovo) ?(s(?:5000|6000)[\w-]+|tab[\w\s]+) => tablet
(lenovo)[_\s-]?([\w-]+) => phone
android.+; (oppo) ?([\w\s]+) build => phone
crkey => tv,Google,Chromecast
android.+; (pixel c)[\s)] => tablet,Google
android.+; (pixel(?: [23])?(?: xl)?)[\s)] => phone,Google
android.+(mi[\s_-]*(?:a\d|one|one[\s_]plus|note lte)?[\s_]*\d?\w?[\s_]*(?:plus)?) +build => phone,Xiaomi
android.+(redmi[\s_-]*(?:note)?[\s_]*[\w\s]+) +build => phone,Xiaomi
android.+(mi[\s_-]*pad[\s_]*[\w\s]+) +build => tablet,Xiaomi
android.+a000(1) +build => phone,OnePlus
android.+oneplus (a\d{4})[\s)] => phone,OnePlus
android.+[;/] *((?:zeki)?tb.*\b) +build => tablet,Zeki
android.+[;/] +([yr]\d\d) +build => tablet,Dragon Touch
android.+[;/] *(ns-?\w{0,9}) build => tablet,Insignia
android.+[;/] *((?:nx|next)-?\w{0,9}) +build => tablet,NextBook
android.+(ks.+) +build => tablet,Amazon
\stablet[;/] => tablet,
\stab[;/] => tab,
\smobile(?:[;/]| safari) => phone,
[\s/(]smart-?tv[;)] => tv,
(android[\w.\s-]{0,9});.+build => ,Generic`

type Rule = [RegExp, string[]]
let tables: Rule[][] | undefined

/** The output and captures of the first rule of `table` that matches `ua` (both empty when none does). */
function first(table: Rule[], ua: string): [string[], string[]] {
  for (const [pattern, out] of table) {
    const m = pattern.exec(ua)
    if (m) return [out, m]
  }
  return [[], []]
}

/** [name, version] from a browser or OS table: a rule's own name, or capture 1 as the name. */
function nameAndVersion(table: Rule[], ua: string): [string, string | undefined] {
  const [[name], m] = first(table, ua)
  return name ? [name, m[1]] : [m[1] ?? '', m[2]]
}

/** The name of the first `name:token` pair in `pairs` whose token `version` contains (case-insensitively). */
function named(pairs: string, version: string): string | undefined {
  for (const pair of pairs.split(',')) {
    const [name, token] = pair.split(':')
    if (version.toUpperCase().includes(token!)) return name
  }
}

const tidy = (s = '') => s.trim().replace(/_/g, ' ')

/** Parses one user agent into the UA-derived hackle properties, as the reference SDK does (but see above). */
export function parseUserAgent(ua: string): UserAgentInfo {
  const [browsers, oses, devices] = (tables ??= [BROWSERS, OSES, DEVICES].map((table) =>
    table.split('\n').map((line): Rule => {
      const [pattern, out = ''] = line.split(' => ')
      return [new RegExp(pattern!.replace(/@/g, '([\\w.]+)'), 'i'), out.split(',')]
    }),
  )) as [Rule[], Rule[], Rule[]]

  const [browserName, version = ''] = nameAndVersion(browsers, ua)
  // only the old-Safari rule captures its version with the "/" before it
  const browserVersion = version[0] === '/' ? (named(OLD_SAFARI, version) ?? '') : version

  const [osName, osVersion = ''] = nameAndVersion(oses, ua)
  const [[type, vendor, model = ''], d] = first(devices, ua)

  return {
    browserName,
    browserVersion,
    browserMajorVersion: browserVersion.replace(/[^\d.]/g, '').split('.')[0]!,
    osName: /\b(?:Mac|Windows|Linux|Android|iOS)\b/.exec(osName)?.[0] ?? osName,
    osVersion: /^win/i.test(osName)
      ? (named(WINDOWS, osVersion) ?? osVersion)
      : /^(?:iOS|Mac)$/.test(osName)
        ? osVersion.replace(/_/g, '.')
        : osVersion,
    deviceType: type || 'pc',
    deviceModel: tidy(vendor == null ? d[2] : model + (d[1] ?? '')),
    deviceVendor: vendor ?? tidy(d[1]),
  }
}
