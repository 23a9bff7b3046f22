// The site's own script in the web view: creates the client (kernel + web-view bridge, or the preset with it),
// decides, tracks, and publishes what it got on window.__result.
;(async () => {
  const params = new URLSearchParams(location.search)
  const out = { stage: 'start' }
  window.__result = out
  try {
    const kit = window.HackleBridgeKit
    const origin = location.origin
    const key = params.get('key')
    const client = params.get('preset')
      ? kit.createInstance(key, { sdkUrl: origin, eventUrl: origin, monitoringUrl: origin, cdnUrl: origin, user: { id: 'user_1', deviceId: 'user_1' }, plugins: [kit.webViewBridge()] })
      : kit.createKernel(key, { plugins: [kit.webViewBridge()] })
    out.init = await client.onInitialized({ timeout: 5000 })
    out.variation = client.variation(1)
    const detail = client.variationDetail(1)
    out.detail = { variation: detail.variation, reason: detail.reason, buttonColor: detail.get('buttonColor', 'none') }
    out.isOn = client.isFeatureOn(5)
    out.remote = client.remoteConfig().get('limit', 1)
    client.track({ key: 'purchase', value: 12, properties: { sku: 'sku-1' } })
    if (client.setCurrentPage) client.setCurrentPage({ pageName: 'Checkout', properties: { step: 2 } })
    if (client.setUserId) await client.setUserId('member-7')
    out.optOut = client.isOptOutTracking ? client.isOptOutTracking() : 'none'
    out.user = client.getUser()
    out.stage = 'done'
  } catch (error) {
    out.stage = 'error'
    out.error = String(error && error.stack ? error.stack : error)
  }
})()
