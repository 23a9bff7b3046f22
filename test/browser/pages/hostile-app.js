// The hostile-page suites' page script. Starts the SDK on window.Hackle (hackle-kit or the reference, whichever the
// page loaded) after the page's load, measures the longest main-thread task while it initializes (a MessageChannel
// gap probe), decides for the user, tracks one event, and publishes everything on window.__result.
// Query: ?key=<sdkKey> &user=<id> &sdk=<config origin> &events=<event origin> &track=<event key> &timeout=<ms>
;(() => {
  const params = new URLSearchParams(location.search)
  const out = { stage: 'start', errors: [] }
  window.__result = out
  window.addEventListener('error', (e) => out.errors.push('error: ' + String(e.message)))
  window.addEventListener('unhandledrejection', (e) => out.errors.push('unhandledrejection: ' + String(e.reason)))

  /** The longest gap between consecutive probe messages while `running()`: no task ran longer than that. */
  function probe() {
    const channel = new MessageChannel()
    let last = performance.now()
    let longest = 0
    let stopped = false
    channel.port1.onmessage = () => {
      const now = performance.now()
      longest = Math.max(longest, now - last)
      last = now
      if (!stopped) channel.port2.postMessage(0)
    }
    channel.port2.postMessage(0)
    return () => {
      stopped = true
      return longest
    }
  }

  async function run() {
    try {
      const origin = location.origin
      const config = { sdkUrl: params.get('sdk') || origin, eventUrl: params.get('events') || origin, monitoringUrl: origin, cdnUrl: origin }
      const userId = params.get('user')
      if (userId) config.user = { id: userId, deviceId: userId }
      const began = performance.now()
      const client = window.Hackle.createInstance(params.get('key'), config)
      window.__client = client
      // createInstance's own run (before any config arrives) is measured apart from the config's load
      out.createInstanceMs = performance.now() - began
      const stop = probe()
      out.init = await client.onInitialized({ timeout: Number(params.get('timeout') || 10000) })
      out.initMs = performance.now() - began
      // what runs right after the config arrived (cache writes, indexes) is part of the load
      await new Promise((resolve) => setTimeout(resolve, 300))
      out.longestTaskMs = stop()
      const v = client.variationDetail(1)
      out.variation = { variation: v.variation, reason: v.reason, buttonColor: v.get('buttonColor', 'none'), maxItems: v.get('maxItems', 0) }
      const f = client.featureFlagDetail(5)
      out.flag = { isOn: f.isOn, reason: f.reason, isFeatureOn: client.isFeatureOn(5) }
      out.variationShort = client.variation(1)
      out.bannerText = client.remoteConfig().get('banner_text', 'dflt')
      const track = params.get('track')
      if (track) client.track({ key: track, value: 1, properties: { page: location.pathname } })
      out.stage = 'done'
    } catch (e) {
      out.stage = 'error'
      out.error = String((e && e.stack) || e)
    }
  }
  if (document.readyState === 'complete') setTimeout(run, 0)
  else window.addEventListener('load', () => setTimeout(run, 0))
})()
