// The reference SDK against the local server, with hackle-kit's renderer already on the page: a track event
// triggers the workspace's in-app message.
const params = new URLSearchParams(location.search)
const origin = location.origin
window.__rendererAtStart = window.HackleInAppMessageRenderer
const client = window.Hackle.createInstance(params.get('key'), { sdkUrl: origin, eventUrl: origin, monitoringUrl: origin, cdnUrl: origin })
window.__interactions = []
addEventListener('hackle-iam-interaction', (e) => window.__interactions.push(e.detail))
client.onReady(() => {
  window.__ready = true
  client.track(params.get('event'))
})
