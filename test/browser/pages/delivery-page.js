// Delivery e2e page: starts the SDK against this origin, optionally decides and tracks a run of events, then
// optionally leaves for another page of the site at once.
// Query: key, n (events to track, default 0), run (tag), decide=1 (variation + remote config first),
//        once=1 (track only on the first load of this tab: a reload sends nothing new), go (URL to open right after).
;(async () => {
  const params = new URLSearchParams(location.search)
  const out = { stage: 'start', tracked: 0 }
  window.__result = out
  try {
    const origin = location.origin
    const client = window.Hackle.createInstance(params.get('key'), { sdkUrl: origin, eventUrl: origin, cdnUrl: origin, monitoringUrl: origin })
    window.__client = client
    out.init = await client.onInitialized({ timeout: 5000 })
    if (params.get('decide') === '1') {
      out.variation = client.variation(1, { id: 'user_1', deviceId: 'user_1' })
      out.banner = client.remoteConfig().get('banner_text', 'dflt')
    }
    const n = Number(params.get('n') || 0)
    const run = params.get('run') || 'run'
    const onceKey = `delivery-tracked-${run}`
    let skip = false
    try {
      skip = params.get('once') === '1' && sessionStorage.getItem(onceKey) === '1'
      if (params.get('once') === '1') sessionStorage.setItem(onceKey, '1')
    } catch {}
    if (!skip) {
      // Realistic events: full hackle properties plus a few hundred bytes of their own.
      const note = 'Delivery check, with some text a shop would send: ' + 'lorem ipsum dolor sit amet '.repeat(8)
      for (let i = 0; i < n; i++) {
        client.track({ key: 'delivery', value: i, properties: { run, seq: i, note, sku: `sku-${i % 17}`, items: ['a', 'b', 'c'] } })
      }
      out.tracked = n
    }
    out.stage = 'done'
    const go = params.get('go')
    if (go) location.href = go
  } catch (e) {
    out.stage = 'error'
    out.error = String((e && e.stack) || e)
  }
})()
