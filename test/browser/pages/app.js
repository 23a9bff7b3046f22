// Same-origin page script: creates the client against the local server, decides, tracks, and publishes
// the results on window.__result and in <pre id="result">.
// Query: ?key=<sdkKey>&user=<id> (user omitted -> the SDK's own device-id user)
//        &listen=1 adds a user plugin (listed after the preset's sync) that records each workspace it hears
;(async () => {
  const params = new URLSearchParams(location.search)
  const out = { stage: 'start' }
  window.__result = out
  const render = () => {
    const el = document.getElementById('result')
    if (el) el.textContent = JSON.stringify(out, null, 2)
  }
  try {
    const origin = location.origin
    const config = { sdkUrl: origin, eventUrl: origin, monitoringUrl: origin, cdnUrl: origin }
    const userId = params.get('user')
    if (userId) config.user = { id: userId, deviceId: userId }
    if (params.get('listen')) {
      out.heard = []
      config.plugins = [
        {
          name: 'workspace-listener',
          apply: (kernel) =>
            kernel.hooks.workspaceLoaded.tap('workspace-listener', (workspace) => out.heard.push(workspace.experiments.size)),
        },
      ]
    }
    const client = window.Hackle.createInstance(params.get('key') || 'e2e-sdk-key-0123456789', config)
    window.__client = client
    out.init = await client.onInitialized({ timeout: 5000 })
    const v = client.variationDetail(1)
    out.variation = {
      variation: v.variation,
      reason: v.reason,
      buttonColor: v.get('buttonColor', 'none'),
      maxItems: v.get('maxItems', 0),
    }
    const f = client.featureFlagDetail(5)
    out.flag = { isOn: f.isOn, reason: f.reason, isFeatureOn: client.isFeatureOn(5) }
    out.variationShort = client.variation(1)
    out.bannerText = client.remoteConfig().get('banner_text', 'dflt')
    client.track({ key: 'purchase', value: 42, properties: { currency: 'KRW', items: ['a', 'b'] } })
    const user = client.getUser()
    out.user = { id: user.id, deviceId: user.deviceId, userId: user.userId }
    out.stage = 'done'
  } catch (e) {
    out.stage = 'error'
    out.error = String((e && e.stack) || e)
  }
  render()
})()
