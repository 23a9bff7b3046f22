// User agents of 10,000 characters built to make backtracking regexes slow (repeated tokens that almost match a
// rule). Used by bench/user-agent.bench.mjs (timing) and the properties unit tests (answers).
const N = 10_000
const fill = (unit, end = '') => unit.repeat(Math.ceil(N / unit.length)).slice(0, N - end.length) + end

/** @returns {string[]} */
export function adversarialUserAgents() {
  return [
    fill('android; '),
    fill('Android 4; KS1 build '),
    fill('android; tm123 x;', ' build'),
    fill('android redmi ', ' build'),
    'android mi' + fill(' ', 'xyz build').slice(10),
    fill('trident rv:1 '),
    fill('Mozilla/5.0 (X11; rv:1 ', ' gecko/1'),
    'Mozilla/' + fill('a', ' rv:gecko/1').slice(8),
    'Version/' + fill('a1.', 'x').slice(8),
    'opera mobi' + fill('a').slice(10),
    fill('iPhone OS '),
    'iphone ' + fill('os').slice(7),
    'htc ' + fill('\t').slice(4),
    fill(' droid', ';build/'),
    fill('kf', ' build/x silk/'),
    fill('(ipad; '),
    fill('nook x '),
    'hbbtv/1.1.1 (;a;' + fill(' ', 'x').slice(16),
    fill('webkit gsa/1 '),
    fill('ab '),
  ]
}
