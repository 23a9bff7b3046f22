// The script of an HTML in-app message the app shows in its own web view: waits for the bridge, then wires its
// buttons to it. What the bridge answered is published on window.__message. The SDK is a test bundle
// (window.HackleBridgeKit) or a script-tag build, hackle-kit's or the reference's (window.Hackle).
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
    const close = document.getElementById('close')
    if (close) close.addEventListener('click', () => bridge.closeInAppMessage())
  })
  ;(window.HackleBridgeKit || window.Hackle).setAppWebViewInAppMessageBridge()
})()
