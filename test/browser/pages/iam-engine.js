// Page script of iam-engine.html: the script-tag client against the local server; it tracks the message's trigger as
// soon as the client is ready (the SDK's in-app script, requested when the workspace arrived, is still on its way),
// and records the listener calls.
;(() => {
  const origin = location.origin
  const config = { sdkUrl: origin, eventUrl: origin, monitoringUrl: origin, cdnUrl: origin, user: { id: 'user_1', deviceId: 'user_1' } }
  const client = window.Hackle.createInstance('e2e-sdk-key-0123456789', config)
  window.__listener = []
  client.setInAppMessageListener({
    afterInAppMessageOpen: (m) => window.__listener.push('afterOpen ' + m.key),
    afterInAppMessageClose: (m) => window.__listener.push('afterClose ' + m.key),
  })
  client.onInitialized({ timeout: 5000 }).then(() => {
    client.track({ key: 'show_iam', properties: { from: 'page start' } })
  })
  window.__client = client
})()
