// The script of an HTML in-app message the app shows in its own web view: waits for the bridge, then wires its
// buttons to it. What the bridge answered is published on window.__message.
;(() => {
  const out = { ready: false }
  window.__message = out
  window.addEventListener('hackleBridgeReady', () => {
    const bridge = window.Hackle.bridge
    out.ready = true
    out.trigger = bridge.getTriggerEvent()
    out.variation = bridge.variation(1)
    document.getElementById('buy').addEventListener('click', () => bridge.handleUrl('https://shop.example/checkout', 'buy'))
    document.getElementById('later').addEventListener('click', () => bridge.closeInAppMessage(true))
  })
  window.HackleBridgeKit.setAppWebViewInAppMessageBridge()
})()
