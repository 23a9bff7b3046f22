// The script-tag SDK against the local server, as a shop page uses it: `window.__client` for the test to track
// events; the in-app listener's calls in `window.__listener`; dialogs the page raised in `window.__dialogs`.
// Query: ?key=<sdkKey> (default below); ?viewUrl=…&rendererUrl=… pass `inAppViewUrl` / `inAppRendererUrl` (an SDK
// whose sibling scripts are not beside it, as when a tag manager serves it).
;(() => {
  const params = new URLSearchParams(location.search)
  const origin = location.origin
  window.__listener = []
  const client = window.Hackle.createInstance(params.get('key') || 'e2e-iam-flow-key-0001', {
    sdkUrl: origin,
    eventUrl: origin,
    monitoringUrl: origin,
    cdnUrl: origin,
    ...(params.get('viewUrl') ? { inAppViewUrl: params.get('viewUrl') } : {}),
    ...(params.get('rendererUrl') ? { inAppRendererUrl: params.get('rendererUrl') } : {}),
  })
  window.__client = client
  const note = (name) => (message) => window.__listener.push({ name, key: message && message.key, at: Date.now() })
  client.setInAppMessageListener({
    beforeInAppMessageOpen: note('beforeOpen'),
    afterInAppMessageOpen: note('afterOpen'),
    beforeInAppMessageClose: note('beforeClose'),
    afterInAppMessageClose: note('afterClose'),
  })
  client.onInitialized({ timeout: 5000 }).then((result) => {
    window.__init = result
    window.__ready = true
  })
})()
