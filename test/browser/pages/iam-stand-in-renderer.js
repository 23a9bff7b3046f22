// A stand-in for the hosted in-app renderer, speaking its protocol: `new HackleInAppMessageRenderer(container)`,
// `render({messageId, message, renderType})`, `destroy()`; answers window `hackle-iam-lifecycle-start` with
// `hackle-iam-lifecycle-end` (not when the page URL has ?silent=1); reports clicks as `hackle-iam-interaction`.
// Message text is set as text. Records what it saw in window.__renderer.
;(() => {
  const silent = new URLSearchParams(location.search).has('silent')
  const seen = { renders: [], destroyed: 0, starts: [] }
  window.__renderer = seen
  const interact = (detail) => window.dispatchEvent(new CustomEvent('hackle-iam-interaction', { detail }))
  window.addEventListener('hackle-iam-lifecycle-start', (event) => {
    const { type, id } = event.detail
    seen.starts.push(type)
    if (!silent) window.dispatchEvent(new CustomEvent('hackle-iam-lifecycle-end', { detail: { type, id } }))
  })
  class HackleInAppMessageRenderer {
    constructor(container) {
      this.container = container
    }
    render(input) {
      seen.renders.push({ messageId: input.messageId, renderType: input.renderType, containerClass: this.container.className, message: input.message })
      const dialog = document.createElement('div')
      dialog.setAttribute('role', 'dialog')
      const title = document.createElement('h2')
      title.textContent = input.message.text ? input.message.text.title.text : ''
      dialog.appendChild(title)
      input.message.buttons.forEach((button) => {
        const element = document.createElement('button')
        element.textContent = button.text
        element.addEventListener('click', () => interact({ type: 'ACTION', action: button.action, area: 'BUTTON', buttonText: button.text }))
        dialog.appendChild(element)
      })
      const close = document.createElement('button')
      close.textContent = 'Close'
      close.className = 'stand-in-close'
      close.addEventListener('click', () => interact({ type: 'CLOSE' }))
      dialog.appendChild(close)
      this.container.appendChild(dialog)
      return Promise.resolve()
    }
    destroy() {
      seen.destroyed++
      this.container.replaceChildren()
    }
  }
  window.HackleInAppMessageRenderer = { HackleInAppMessageRenderer }
})()
