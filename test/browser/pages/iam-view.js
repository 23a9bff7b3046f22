// Page script of iam-view.html: a client against the local server, the listener calls in window.__listener, and
// window.__iam to present hand-made messages (see test/browser/fixtures/in-app-view-entry.ts).
;(() => {
  const origin = location.origin
  const config = { sdkUrl: origin, eventUrl: origin, monitoringUrl: origin, cdnUrl: origin, user: { id: 'user_1', deviceId: 'user_1' } }
  // ?renderer=hosted: the service's renderer path under cdnUrl (served by the test server) instead of the sibling script.
  const renderer = new URLSearchParams(location.search).get('renderer')
  const iam = window.IamViewTest.start('e2e-sdk-key-0123456789', config, renderer ? { renderer } : {})
  window.__listener = []
  iam.setListener({
    beforeInAppMessageOpen: (m) => window.__listener.push('beforeOpen ' + m.key),
    afterInAppMessageOpen: (m) => window.__listener.push('afterOpen ' + m.key),
    beforeInAppMessageClose: (m) => window.__listener.push('beforeClose ' + m.key),
    afterInAppMessageClose: (m) => window.__listener.push('afterClose ' + m.key),
    onInAppMessageClick: (m, view, action) => {
      window.__listener.push('click ' + m.key + ' ' + action.type)
      // Links to the shop are handled by the page (nothing opens); everything else is left to the SDK.
      return !!(action.link && action.link.url.indexOf('https://shop.example.com/') === 0)
    },
  })
  window.__iam = iam
  iam.client.onInitialized({ timeout: 5000 }).then((r) => { window.__ready = r })
})()
