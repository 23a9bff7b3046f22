// Where an app's gzip bytes go, by source module: the app of a size-table row (kernel, preset or visitor) bundled from
// src with `esbuild --bundle --minify` as the table does, then, for each module, how much smaller the gzip -9 output
// gets without that module's bytes (found through the source map). Gzip shares repeats across modules, so the
// figures do not add up to the total; they say where a cut pays.
// Usage: node scripts/size-by-module.mjs [kernel|preset|visitor] [--top N]
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { VISITOR_LEFT_OUT } from './app-sizes.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const id = process.argv[2] ?? 'preset'
const top = Number(process.argv[process.argv.indexOf('--top') + 1]) || 40
const entry = id === 'kernel' ? ['createKernel', 'src/kernel/index.ts'] : ['createInstance', 'src/index.ts']
const contents = `import { ${entry[0]} } from './${entry[1]}'\n${entry[0]}('k', {}).variationDetail(1)\n`

/** The visitor app: the preset's imports of the left-out plugins become a plugin that does nothing. */
const kebab = (name) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
const leaveOut = {
  name: 'leave-out',
  setup(b) {
    if (id !== 'visitor') return
    const folders = new Map(VISITOR_LEFT_OUT.map((factory) => [`./plugins/${kebab(factory)}`, factory]))
    b.onResolve({ filter: /^\.\/plugins\// }, (args) =>
      args.importer.endsWith('preset.ts') && folders.has(args.path) ? { path: args.path, namespace: 'left-out' } : undefined,
    )
    b.onLoad({ filter: /.*/, namespace: 'left-out' }, (args) => {
      const factory = folders.get(args.path)
      return { contents: `export const ${factory} = () => ({ name: ${JSON.stringify(factory)}, apply() {} })`, loader: 'js' }
    })
  },
}

const result = await build({
  stdin: { contents, resolveDir: root, loader: 'js', sourcefile: 'app.js' },
  bundle: true,
  minify: true,
  format: 'esm',
  splitting: true,
  outdir: path.join(root, '.size-by-module'),
  write: false,
  sourcemap: 'external',
  logLevel: 'silent',
  target: 'es2020',
  define: { __HACKLE_SCRIPT_TAG__: 'false', 'process.env.NODE_ENV': '"production"' },
  plugins: [leaveOut],
})
const js = result.outputFiles.find((file) => file.path.endsWith('stdin.js')).text
const map = JSON.parse(result.outputFiles.find((file) => file.path.endsWith('stdin.js.map')).text)

// Which source each output character comes from: the source map's segments (base64 VLQ), in output order.
const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const lineStarts = []
let offset = 0
for (const line of js.split('\n')) lineStarts.push(offset), (offset += line.length + 1)
const segments = []
let source = 0
map.mappings.split(';').forEach((line, index) => {
  let column = 0
  for (const segment of line.split(',').filter(Boolean)) {
    const values = []
    let value = 0
    let shift = 0
    for (const char of segment) {
      const digit = DIGITS.indexOf(char)
      value += (digit & 31) << shift
      if (digit & 32) shift += 5
      else values.push(value & 1 ? -(value >> 1) : value >> 1), (value = shift = 0)
    }
    column += values[0]
    if (values.length > 1) source += values[1]
    segments.push([lineStarts[index] + column, values.length > 1 ? source : -1])
  }
})
segments.sort((a, b) => a[0] - b[0])
const owner = new Int32Array(js.length).fill(-1)
segments.forEach(([start, owned], i) => owner.fill(owned, start, segments[i + 1]?.[0] ?? js.length))

const gzip = (text) => gzipSync(text, { level: 9 }).length
const total = gzip(js)
const rows = map.sources.flatMap((name, index) => {
  let rest = ''
  let bytes = 0
  for (let i = 0; i < js.length; i++) owner[i] === index ? bytes++ : (rest += js[i])
  return bytes ? [{ name: path.relative(root, path.resolve(root, '.size-by-module', name)), bytes, gzip: total - gzip(rest) }] : []
})
rows.sort((a, b) => b.gzip - a.gzip)
console.log(`${id} app from src: ${js.length.toLocaleString('en-US')} B minified, ${total.toLocaleString('en-US')} B gzip -9`)
console.log('gzip B without it | minified B | module')
for (const row of rows.slice(0, top)) console.log(`${String(row.gzip).padStart(17)} | ${String(row.bytes).padStart(10)} | ${row.name}`)
