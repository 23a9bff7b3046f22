import UAParser from 'ua-parser-js'

/**
 * User-agent parsing for hackle properties (browser-behaviour.md §9).
 *
 * The reference SDK parses with its own copy of the ua-parser-js 0.7.21 rules (plus four changes). We parse with
 * ua-parser-js 1.x and bring the result back to what the reference reports:
 *
 * - browser: 1.x rules, run on the UA with the in-app/app tokens that only 1.x knows removed (the reference
 *   reports whatever comes after them), then a few renames;
 * - OS: 1.x rules plus small fixes (Linux family, consoles, Xbox, KaiOS, HarmonyOS);
 * - device: an extension rule list in the reference's order that ends with a catch-all, so 1.x's own (much
 *   larger and different) device rules never decide. Rare legacy vendors are left out on purpose.
 *
 * test/unit/plugins/properties/ua-corpus.json holds the reference's output for the UA corpus.
 */

export interface UserAgentInfo {
  browserName: string
  browserVersion: string
  browserMajorVersion: string
  osName: string
  osVersion: string
  /** `pc` when the UA names no device type; `phone`, `tablet`, `tv`, `console`, `wearable`, … otherwise. */
  deviceType: string
  deviceModel: string
  /** Also reported as `deviceBrand`. */
  deviceVendor: string
}

type Props = ReadonlyArray<string | readonly [string, unknown] | readonly [string, RegExp, string]>
type Rules = Array<RegExp[] | Props>

const MODEL = 'model'
const VENDOR = 'vendor'
const TYPE = 'type'
const PHONE = [TYPE, 'mobile'] as const
const TABLET = [TYPE, 'tablet'] as const
const TV = [TYPE, 'smarttv'] as const
const CONSOLE = [TYPE, 'console'] as const
const by = (vendor: string) => [VENDOR, vendor] as const
const lower = (s: string) => s.toLowerCase()
const trim = (s: string) => s && s.trim()
const underscores = [MODEL, /_/g, ' '] as const

// Device rules, in the reference's order (a rule group is a list of regexes tried in turn, then its properties).
const DEVICE: Rules = [
  [/\((ipad|playbook);[-\w\s),;]+(rim|apple)/i], [MODEL, VENDOR, TABLET],
  [/(apple\s?tv)/i], [[MODEL, 'Apple TV'], by('Apple'), TV],
  [
    /(archos)\s(gamepad2?)/i,
    /(hp).+(touchpad)/i,
    /(hp).+(tablet)/i,
    /(kindle)\/([\w.]+)/i,
    /\s(nook)[\w\s]+build\/(\w+)/i,
    /(dell)\s(strea[kpr\s\d]*[\dko])/i,
  ],
  [VENDOR, MODEL, TABLET],
  [/(kf[a-z]+)\sbuild\/.+silk\//i], [MODEL, by('Amazon'), TABLET],
  [/android.+aft([bms])\sbuild/i], [MODEL, by('Amazon'), TV],
  [/\((ip[\w\s|*]+);.+(apple)/i], [MODEL, VENDOR, PHONE],
  [/\((ip[\w\s|*]+);/i], [MODEL, by('Apple'), PHONE],
  [
    /(blackberry)[\s-]?(\w+)/i,
    /(blackberry|benq|palm(?=-)|sonyericsson|acer|asus|dell|meizu|motorola|polytron)[\s_-]?([\w-]*)/i,
    /(hp)\s([\w\s]+\w)/i,
    /(asus)-?(\w+)/i,
  ],
  [VENDOR, MODEL, PHONE],
  [/\(bb10;\s(\w+)/i], [MODEL, by('BlackBerry'), PHONE],
  [/android.+(transfo[prime\s]{4,10}\s\w+|eeepc|slider\s\w+|nexus 7|padfone|p00c)/i], [MODEL, by('Asus'), TABLET],
  [/sony\stablet\s[ps]\sbuild\//i, /(?:sony)?sgp.+\sbuild\//i], [[VENDOR, 'Sony'], [MODEL, 'Xperia Tablet'], TABLET],
  [/android.+\s([c-g]\d{4}|so[-l]\w+)(?=\sbuild\/|\).+chrome\/(?![1-6]?\d\.))/i], [MODEL, by('Sony'), PHONE],
  [/\s(ouya)\s/i, /(nintendo)\s([wids3u]+)/i], [VENDOR, MODEL, CONSOLE],
  [/android.+;\s(shield)\sbuild/i], [MODEL, by('Nvidia'), CONSOLE],
  [/(playstation\s[34portablevi]+)/i], [MODEL, by('Sony'), CONSOLE],
  [
    /(htc)[;_\s-]+([\w\s]+(?=\)|\sbuild)|\w+)/i,
    /(zte)-(\w*)/i,
    /(alcatel|geeksphone|nexian|panasonic)[_\s-]?([\w-]*)/i,
  ],
  [VENDOR, underscores, PHONE],
  [/(nexus\s9)/i], [MODEL, by('HTC'), TABLET],
  [/d\/huawei([\w\s-]+)[;)]/i, /(nexus\s6p|vog-l29|ane-lx1|eml-l29)/i], [MODEL, by('Huawei'), PHONE],
  [/android.+(bah2?-a?[lw]\d{2})/i], [MODEL, by('Huawei'), TABLET],
  [/(microsoft);\s(lumia[\s\w]+)/i], [VENDOR, MODEL, PHONE],
  [/[\s(;](xbox(?:\sone)?)[\s);]/i], [MODEL, by('Microsoft'), CONSOLE],
  [/mot[\s-]?(\w*)/i, /(xt\d{3,4}) build\//i, /(nexus\s6)/i], [MODEL, by('Motorola'), PHONE],
  [/hbbtv\/\d+\.\d+\.\d+\s+\([\w\s]*;\s*(\w[^;]*);([^;]*)/i], [[VENDOR, trim], [MODEL, trim], TV],
  [/hbbtv.+maple;(\d+)/i], [[MODEL, /^/, 'SmartTV'], by('Samsung'), TV],
  [/android.+(sch-i[89]0\d|shw-m380s|gt-p\d{4}|gt-n\d+|sgh-t8[56]9|nexus 10)/i, /(sm-t\w+)/i], [MODEL, by('Samsung'), TABLET],
  [/smart-tv.+(samsung)/i], [VENDOR, TV],
  [/(s[cgp]h-\w+|gt-\w+|galaxy\snexus|sm-\w[\w\d]+)/i, /sam[sung]*[\s-]*(\w+-?[\w-]*)/i, /sec-(sgh\w+)/i], [MODEL, by('Samsung'), PHONE],
  [/(?:maemo|nokia).*(n900|lumia\s\d+)/i, /nokia[\s_-]?([\w-]*)/i], [MODEL, by('Nokia'), PHONE],
  [/android.+([vl]k-?\d{3})\s+build/i], [MODEL, by('LG'), TABLET],
  [/(lg) netcast\.tv/i], [VENDOR, TV],
  [/(nexus\s[45])/i, /lg[e;\s/-]+(\w*)/i, /android.+lg(-?[\d\w]+)\s+build/i], [MODEL, by('LG'), PHONE],
  [/(lenovo)\s?(s(?:5000|6000)[\w-]+|tab[\s\w]+)/i], [VENDOR, MODEL, TABLET],
  [/android.+(ideatab[a-z0-9\-\s]+)/i], [MODEL, by('Lenovo'), TABLET],
  [/(lenovo)[_\s-]?([\w-]+)/i], [VENDOR, MODEL, PHONE],
  [/android.+;\s(oppo)\s?([\w\s]+)\sbuild/i], [VENDOR, MODEL, PHONE],
  [/crkey/i], [[MODEL, 'Chromecast'], by('Google'), TV],
  [/android.+;\s(pixel c)[\s)]/i], [MODEL, by('Google'), TABLET],
  [/android.+;\s(pixel(?: [23])?(?: xl)?)[\s)]/i], [MODEL, by('Google'), PHONE],
  [
    /android.+(hm[\s\-_]*note?[\s_]*(?:\d\w)?)\s+build/i,
    /android.+(mi[\s\-_]*(?:a\d|one|one[\s_]plus|note lte)?[\s_]*(?:\d?\w?)[\s_]*(?:plus)?)\s+build/i,
    /android.+(redmi[\s\-_]*(?:note)?(?:[\s_]*[\w\s]+))\s+build/i,
  ],
  [underscores, by('Xiaomi'), PHONE],
  [/android.+(mi[\s\-_]*pad(?:[\s_]*[\w\s]+))\s+build/i], [underscores, by('Xiaomi'), TABLET],
  [/android.+a000(1)\s+build/i, /android.+oneplus\s(a\d{4})[\s)]/i], [MODEL, by('OnePlus'), PHONE],
  // tablet brands whose loose patterns also catch current phones in WebViews (Lenovo TB-…, nubia NX…, Honor KSA-…)
  [/android.+[;/]\s*((?:zeki)?tb.*\b)\s+build/i], [MODEL, by('Zeki'), TABLET],
  [/android.+[;/]\s+([yr]\d{2})\s+build/i, /android.+[;/]\s+(?:dragon[-\s]+touch\s+|dt)(\w{5})\sbuild/i], [MODEL, by('Dragon Touch'), TABLET],
  [/android.+[;/]\s*(ns-?\w{0,9})\sbuild/i], [MODEL, by('Insignia'), TABLET],
  [/android.+[;/]\s*((?:nx|next)-?\w{0,9})\s+build/i], [MODEL, by('NextBook'), TABLET],
  [/android.+(ks.+)\s+build/i], [MODEL, by('Amazon'), TABLET],
  // nothing named a device: only its kind, or a generic Android model
  [/\s(tablet|tab)[;/]/i, /\s(mobile)(?:[;/]|\ssafari)/i], [[TYPE, lower]],
  [/[\s/(]smart-?tv[;)]/i], [TV],
  [/(android[\w.\s-]{0,9});.+build/i], [MODEL, by('Generic')],
  // never fall through to ua-parser-js's own device rules
  [/(?:)/], [],
]

const OS: Rules = [
  // checked by the reference before its Android rule (1.x finds "Android" first)
  [/(kaios)[/\s]([\w.]+)/i], ['name', 'version'],
]

/** Tokens only ua-parser-js 1.x turns into a browser; the reference reports what comes after them. */
const ONLY_1X =
  /kakao(?=talk|story)|naver(?=\()|daum(?=apps)|instagram|snapchat|musical_ly|klarna|alipay(?=client)|twitter(?=and| f)|\[linkedinapp|electron(?=\/)|\bddg(?=\/)|duckduckgo|(?:huawei|vivo|pico|heytap|115)(?=browser)|coc_coc|tesla|\bop(?:rg)?x(?=\/)|fban\/fbios|fb_iab\/fb4a/gi
/** 1.x checks Chrome for iOS first; the reference only after most other browsers, so it is decided below. */
const CRIOS = /\b(?:crios|crmo)(?=\/)/gi
const CHROME_MOBILE = /(?:android.+crmo|crios)\/([\w.]+)|android.+chrome\/([\w.]+)\s+mobile\s?safari/i
/** Names of rules the reference checks after its Chrome Mobile rule. */
const AFTER_CHROME_MOBILE = /^(?:android browser|chrome|(?:mobile )?safari|webkit|gsa)$/i
/** The reference's Firefox-family rule takes the first of these tokens, wherever it is (1.x: anchored at the end). */
const FIREFOXES = 'firefox|seamonkey|k-meleon|icecat|iceape|firebird|phoenix|palemoon|basilisk|waterfox'
const FIREFOX_NAME = new RegExp(`^(?:${FIREFOXES})$`, 'i')
const FIREFOX_FAMILY = new RegExp(`(${FIREFOXES})\\/([\\w.-]+)`, 'i')
const MOBILE_SAFARI = /version\/[\w.]+.+?mobile\/\w+\ssafari/i
const SAFARI = /version\/[\w.]+.+?(mobile\s?safari|safari)/i
const LINUX = /(?:hurd|linux)\s?([\w.]*)/i
const LINUX_FAMILY = /^(?:linux|hurd|chromecast|maemo|arch|red hat|raspbian|deepin|manjaro|elementary os|sabayon|linspire)$/i
const DISTRO = /^(?:gnu|mint|mageia|vectorlinux|joli|[kxl]?ubuntu|debian|suse|opensuse|gentoo|slackware|fedora|mandriva|centos|pclinuxos|redhat|zenwalk|linpus)$/i
const BSD = /\s(?:[frentopc-]{0,4}bsd|dragonfly)\s?([\w.]*)/i
const CONSOLE_OS = /(?:nintendo|playstation)\s([wids34portablevu]+)/i
const WINDOWS_NT: Record<string, string> = { '10.0': '10', '6.3': '8.1', '6.2': '8', '6.1': '7' }

const major = (version: string) => version.replace(/[^\d.]/g, '').split('.')[0]

let parser: UAParser | undefined

/** Parses one user agent into the UA-derived hackle properties, exactly as the reference SDK does. */
export function parseUserAgent(ua: string): UserAgentInfo {
  // A non-navigator initial UA keeps 1.x from consulting `navigator` (Brave, UA-CH, iPad touch points), and a
  // String object skips its 500-character cut; the reference does neither.
  const p = (parser ??= new UAParser(' ', { device: DEVICE, os: OS }))
  const str = (s: string) => p.setUA(new String(s) as unknown as string)

  const browserUa = ua.replace(ONLY_1X, '')
  const browser = str(browserUa.replace(CRIOS, '')).getBrowser()
  let browserName = browser.name || ''
  let browserVersion = browser.version || ''
  let m: RegExpExecArray | null
  if (browserName === 'Samsung Internet') browserName = 'Samsung Browser'
  else if (AFTER_CHROME_MOBILE.test(browserName) && (m = CHROME_MOBILE.exec(browserUa))) {
    browserName = 'Chrome Mobile'
    browserVersion = m[1] || m[2]
  } else if (/safari$/i.test(browserName) && !MOBILE_SAFARI.test(browserUa) && (m = SAFARI.exec(browserUa))) {
    browserName = m[1]
  } else if (FIREFOX_NAME.test(browserName) && (m = FIREFOX_FAMILY.exec(browserUa))) {
    ;[browserName, browserVersion] = [m[1], m[2]]
  }

  const os = str(ua).getOS()
  const device = p.getDevice()
  let osName = os.name || ''
  let osVersion = os.version || ''
  if (LINUX_FAMILY.test(osName) || (osName === 'webOS' && osVersion === 'TV')) {
    m = LINUX.exec(ua)
    ;[osName, osVersion] = m ? ['Linux', m[1]] : [/fuchsia/i.exec(ua)?.[0] ?? osName, '']
  } else if (DISTRO.test(osName)) osName = 'Linux'
  else if (/bsd$|^dragonfly$/i.test(osName)) [osName, osVersion] = ['Linux', BSD.exec(ua)?.[1] ?? '']
  else if (/^(?:nintendo|playstation)$/i.test(osName)) {
    m = CONSOLE_OS.exec(ua)
    ;[osName, osVersion] = m ? ['Linux', m[1]] : ['', '']
  } else if ((osName === 'Xbox' || !osName) && (m = /windows nt ([\d.]+).*xbox/i.exec(ua))) {
    ;[osName, osVersion] = ['Windows', WINDOWS_NT[m[1]] ?? `NT ${m[1]}`]
  } else if (osName === 'HarmonyOS') osName = 'Android'
  else if (osName === 'Firefox OS') osVersion = ''
  // 1.x also reads "iPhone … iOS 17.4" (app UAs); the reference needs "… OS 17_4 like Mac" or CFNetwork
  else if (osName === 'iOS' && !/like\smac|;\sopera|cfnetwork\/.+darwin/i.test(ua)) osName = osVersion = ''
  osName = /\b(?:Mac|Windows|Linux|Android|iOS)\b/.exec(osName)?.[0] ?? osName

  const type = device.type
  return {
    browserName,
    browserVersion,
    browserMajorVersion: major(browserVersion),
    osName,
    osVersion,
    deviceType: !type ? 'pc' : type === 'mobile' ? 'phone' : type === 'smarttv' ? 'tv' : type,
    deviceModel: device.model || '',
    deviceVendor: device.vendor || '',
  }
}
