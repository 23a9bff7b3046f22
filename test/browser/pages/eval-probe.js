// Deliberate regression probe: string-eval, which `script-src 'self'` must block.
// Proves the violation listener in guard.js really observes CSP violations.
window.__probe = { threw: false }
try {
  window.__probe.value = new Function('return 1')()
} catch (e) {
  window.__probe = { threw: true, name: e && e.name, message: String(e && e.message) }
}
