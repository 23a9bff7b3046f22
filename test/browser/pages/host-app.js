// Plays the Hackle app that hosts this web view: `window._hackleApp` for detection, and `window.prompt` as the
// channel (an app answers the web view's prompt dialog). Records every request on window.__appRequests and answers
// like the app SDK would. Query: ?mode=native|web_view_wrapper&key=<sdkKey>&screen=1 (automaticScreenTracking)&view=<in-app message view id>.
;(() => {
  const params = new URLSearchParams(location.search)
  const requests = []
  window.__appRequests = requests
  const ok = (data) => JSON.stringify({ success: true, message: 'OK', data })
  const answers = {
    getUser: () => ok({ userId: 'app-member', deviceId: 'app-device' }),
    getSessionId: () => ok('app-session'),
    variation: (p) => ok(p.experimentKey === 1 ? 'B' : 'A'),
    variationDetail: () => ok({ variation: 'C', reason: 'TRAFFIC_ALLOCATED', config: { parameters: { buttonColor: 'green' } } }),
    isFeatureOn: () => ok(true),
    featureFlagDetail: () => ok({ isOn: true, reason: 'TARGET_RULE_MATCH', config: { parameters: {} } }),
    remoteConfig: (p) => ok(p.valueType === 'number' ? 42 : 'from the app'),
    getCurrentInAppMessageView: () => ok({ id: 'view-31', inAppMessage: { key: 31 } }),
    // a broken answer: the page must get its fallback and keep running
    isOptOutTracking: () => 'not json',
  }
  window.prompt = (text) => {
    const request = JSON.parse(text)._hackle
    requests.push(request)
    const answer = answers[request.command]
    return answer ? answer(request.parameters || {}) : ok(null)
  }
  window._hackleApp = {
    getAppSdkKey: () => params.get('key'),
    getInvocationType: () => 'prompt',
    getAppMode: () => params.get('mode') || 'native',
    getWebViewConfig: () => JSON.stringify({ automaticScreenTracking: params.get('screen') === '1' }),
  }
  // the web view of an HTML in-app message the app draws: its view id and the event that triggered it
  if (params.get('view')) {
    window._hackleApp.getInAppMessageViewId = () => params.get('view')
    window._hackleApp.getInAppMessageTriggerEvent = () => JSON.stringify({ key: 'cart_viewed', properties: { items: 3 } })
  }
})()
