// Drives a renderer the way an SDK does (the renderer protocol), with no SDK on the page:
//   await __show(message, renderType)  hidden container → render → shown → OPEN handshake
//   await __close()                    CLOSE handshake → destroy → container removed
// Closing interactions (CLOSE, and actions that close) start the close, as the SDK does. Everything is recorded in
// window.__interactions and window.__ends.
window.__interactions = []
window.__ends = []
window.__state = 'closed'
let current = null

const CLOSING = ['CLOSE', 'HIDDEN', 'LINK_AND_CLOSE', 'LINK_NEW_TAB_AND_CLOSE', 'LINK_NEW_WINDOW_AND_CLOSE']
addEventListener('hackle-iam-lifecycle-end', (e) => window.__ends.push(e.detail))
addEventListener('hackle-iam-interaction', (e) => {
  window.__interactions.push(e.detail)
  if (e.detail.type === 'CLOSE' || (e.detail.type === 'ACTION' && CLOSING.includes(e.detail.action.type))) window.__close()
})

let seq = 0
window.__handshakes = []
// Dispatches lifecycle-start and resolves on the matching lifecycle-end (rejects after 5000 ms, as the SDK gives up).
// Records in __handshakes how the renderer answered: within the dispatch (`sync`), or after `millis`.
function handshake(type) {
  const id = `${type}-${++seq}`
  const entry = { type, sync: false, millis: null }
  window.__handshakes.push(entry)
  return new Promise((resolve, reject) => {
    const started = performance.now()
    let dispatching = true
    const timer = setTimeout(() => reject(new Error('Timeout expired.')), 5000)
    const onEnd = (e) => {
      if (!e.detail || e.detail.id !== id || e.detail.type !== type) return
      removeEventListener('hackle-iam-lifecycle-end', onEnd)
      clearTimeout(timer)
      entry.sync = dispatching
      entry.millis = dispatching ? 0 : performance.now() - started
      resolve(id)
    }
    addEventListener('hackle-iam-lifecycle-end', onEnd)
    dispatchEvent(new CustomEvent('hackle-iam-lifecycle-start', { detail: { type, id } }))
    dispatching = false
  })
}

window.__show = async (message, renderType) => {
  const container = document.createElement('div')
  container.classList.add('hackle-iam', 'hackle-iam--loading')
  container.style.display = 'none'
  document.body.appendChild(container)
  const renderer = new window.HackleInAppMessageRenderer.HackleInAppMessageRenderer(container)
  current = { renderer, container }
  window.__state = 'opening'
  await renderer.render({ messageId: 1, message, renderType })
  container.classList.remove('hackle-iam--loading')
  container.style.display = 'block'
  await handshake('OPEN')
  window.__state = 'open'
}

window.__close = async () => {
  if (!current || window.__state !== 'open') return
  window.__state = 'closing'
  await handshake('CLOSE')
  current.renderer.destroy()
  current.container.remove()
  current = null
  window.__state = 'closed'
}
