// Script of the HTML in-app message used by the e2e test (runs inside the message's srcdoc iframe): wires its buttons
// to window.Hackle.bridge once the SDK announces it with `hackleBridgeReady`.
window.addEventListener('hackleBridgeReady', () => {
  const bridge = window.Hackle.bridge
  document.getElementById('track').addEventListener('click', () => bridge.trackClick('track-button'))
  document.getElementById('evil').addEventListener('click', () => bridge.handleUrl('javascript:alert(1)', 'evil-link'))
  document.getElementById('hide').addEventListener('click', () => bridge.closeInAppMessage(true))
  document.body.setAttribute('data-bridge', 'ready')
})
