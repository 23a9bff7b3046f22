// hackle-kit demo page logic. Loaded as a same-origin script (the page's CSP forbids inline script).
// `window.Hackle` comes from /hackle-kit.js (the script-tag build).
;(function () {
  'use strict'

  var SDK_KEY = 'demo-sdk-key-0123456789'

  var EXPERIMENTS = [
    { key: 1, name: 'Checkout button', hint: '50/50 · desktop audience · staff forced to A', params: ['buttonColor', 'maxItems'] },
    { key: 2, name: 'Onboarding copy', hint: '50/50 split' },
    { key: 3, name: 'Recommendation algorithm', hint: 'A/B/C thirds · staff forced to C' },
  ]
  var FLAGS = [
    { key: 5, name: 'New checkout', hint: 'on for grade = gold' },
    { key: 6, name: 'Dark mode', hint: '50% rollout' },
    { key: 7, name: 'Beta dashboard', hint: 'internal staff only' },
  ]
  var REMOTE_CONFIG = [
    { key: 'banner_text', type: 'string', fallback: 'Welcome!' },
    { key: 'max_cart_items', type: 'number', fallback: 0 },
    { key: 'show_promo_popup', type: 'boolean', fallback: false },
  ]

  // ------------------------------------------------------------------ tiny DOM helpers
  function h(tag, props) {
    var el = document.createElement(tag)
    if (props) {
      for (var k in props) {
        if (k === 'class') el.className = props[k]
        else if (k === 'text') el.textContent = props[k]
        else el.setAttribute(k, props[k])
      }
    }
    for (var i = 2; i < arguments.length; i++) {
      var child = arguments[i]
      if (child == null || child === false) continue
      el.appendChild(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child)
    }
    return el
  }
  function fill(id, children) {
    var el = document.getElementById(id)
    el.textContent = ''
    children.forEach(function (c) { el.appendChild(c) })
  }
  var toastTimer
  function toast(message) {
    var el = document.querySelector('.toast') || document.body.appendChild(h('div', { class: 'toast', role: 'status' }))
    el.textContent = message
    el.classList.add('show')
    clearTimeout(toastTimer)
    toastTimer = setTimeout(function () { el.classList.remove('show') }, 1800)
  }
  function setStatus(text, kind) {
    var el = document.getElementById('status')
    el.textContent = text
    el.className = 'pill pill-' + kind
  }

  // ------------------------------------------------------------------ client
  if (!window.Hackle || typeof window.Hackle.createInstance !== 'function') {
    setStatus('SDK bundle did not load', 'bad')
    return
  }
  var origin = window.location.origin
  var client = window.Hackle.createInstance(SDK_KEY, {
    sdkUrl: origin,
    eventUrl: origin,
    monitoringUrl: origin,
    cdnUrl: origin,
  })
  window.hackleClient = client // handy in the console

  // ------------------------------------------------------------------ render
  function renderVisitor() {
    var user = client.getUser() || {}
    var props = user.properties || {}
    var propText = Object.keys(props).length ? JSON.stringify(props) : '—'
    fill('visitor', [
      h('dt', { text: 'Device id' }), h('dd', { class: 'mono', 'data-testid': 'device-id' }, user.deviceId || '—'),
      h('dt', { text: 'User id' }), h('dd', { class: 'mono' }, user.userId || h('span', { class: 'muted', text: 'anonymous' })),
      h('dt', { text: 'Bucketing id' }), h('dd', { class: 'mono' }, user.id || '—'),
      h('dt', { text: 'Properties' }), h('dd', { class: 'mono' }, propText),
      h('dt', { text: 'Session' }), h('dd', { class: 'mono' }, client.getSessionId ? client.getSessionId() : '—'),
    ])
  }

  function renderExperiments() {
    fill('experiments', EXPERIMENTS.map(function (exp) {
      var d = client.variationDetail(exp.key)
      var params = null
      if (exp.params) {
        var color = d.get('buttonColor', 'gray')
        var swatch = h('span', { class: 'swatch' })
        swatch.style.backgroundColor = color // CSSOM: allowed under style-src 'self'
        params = h('span', { class: 'params' }, swatch, 'buttonColor ', h('b', null, String(color)),
          ' · maxItems ', h('b', null, String(d.get('maxItems', 0))))
      }
      return h('tr', { 'data-experiment': exp.key },
        h('td', null, h('span', { class: 'name' }, exp.name + ' '), h('span', { class: 'muted' }, '#' + exp.key), h('span', { class: 'hint' }, exp.hint)),
        h('td', null, h('span', { class: 'badge var-' + d.variation }, d.variation), params),
        h('td', null, h('span', { class: 'reason' }, d.reason)))
    }))
  }

  function renderFlags() {
    fill('flags', FLAGS.map(function (flag) {
      var d = client.featureFlagDetail(flag.key)
      return h('tr', { 'data-flag': flag.key },
        h('td', null, h('span', { class: 'name' }, flag.name + ' '), h('span', { class: 'muted' }, '#' + flag.key), h('span', { class: 'hint' }, flag.hint)),
        h('td', null, h('span', { class: 'pill ' + (d.isOn ? 'on' : 'off') }, d.isOn ? 'ON' : 'OFF')),
        h('td', null, h('span', { class: 'reason' }, d.reason)))
    }))
  }

  function renderRemoteConfig() {
    var config = client.remoteConfig()
    fill('remote-config', REMOTE_CONFIG.map(function (p) {
      var value = config.get(p.key, p.fallback)
      var cls = 'value' + (typeof value === 'boolean' ? ' bool-' + value : '')
      return h('tr', { 'data-param': p.key },
        h('td', null, h('span', { class: 'name mono' }, p.key)),
        h('td', null, h('span', { class: 'muted' }, p.type)),
        h('td', null, h('span', { class: cls }, JSON.stringify(value))))
    }))
  }

  function renderRoute() {
    var text = location.pathname + location.search
    if (location.pathname === '/offer-b') text += '  (split-URL variation B)'
    document.getElementById('route').textContent = text
  }

  function render() {
    renderRoute()
    renderVisitor()
    renderExperiments()
    renderFlags()
    renderRemoteConfig()
  }

  // ------------------------------------------------------------------ server feed
  function time(ts) {
    var d = new Date(ts)
    return d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' })
  }
  function shortId(id) {
    id = String(id || '')
    return id.length > 14 ? id.slice(0, 8) + '…' : id
  }
  function pollEvents() {
    fetch('/__demo/events', { cache: 'no-store' })
      .then(function (r) { return r.ok ? r.json() : [] })
      .then(function (events) {
        if (!events.length) return
        fill('server-events', events.map(function (e) {
          var typeClass = 'type type-' + e.type.split(' ')[0]
          return h('li', null,
            h('span', { class: typeClass }, e.type),
            h('span', null, h('b', null, String(e.key)), e.detail ? ' · ' + e.detail : ''),
            h('span', { class: 'who', title: e.user || '' }, shortId(e.user)),
            h('time', null, time(e.timestamp)))
        }))
      })
      .catch(function () { /* demo server gone */ })
  }

  // ------------------------------------------------------------------ actions
  var ACTIONS = {
    'signin-staff': function () { return client.setUserId('emp-1').then(function () { return 'Signed in as emp-1' }) },
    'signin-member': function () { return client.setUserId('member-42').then(function () { return 'Signed in as member-42' }) },
    signout: function () { return client.setUserId(null).then(function () { return 'Signed out' }) },
    'toggle-gold': function () {
      var props = (client.getUser() || {}).properties || {}
      var next = props.grade === 'gold' ? 'silver' : 'gold'
      return client.setUserProperty('grade', next).then(function () { return 'grade = ' + next })
    },
    reset: function () { return client.resetUser().then(function () { return 'User reset' }) },
    'track-purchase': function () {
      client.track({ key: 'purchase', value: 39.9, properties: { currency: 'USD', items: ['sku-1', 'sku-2'] } })
      return Promise.resolve('Tracked purchase')
    },
    'route-second': function () {
      history.pushState({}, '', '/second')
      return Promise.resolve('pushState /second')
    },
    'route-back': function () {
      // The route re-renders on popstate.
      history.back()
      return Promise.resolve('history.back()')
    },
    throw: function () {
      setTimeout(function () { throw new Error('Demo error button') })
      return Promise.resolve('Threw an error')
    },
    'track-cart': function () {
      client.track({ key: 'add_to_cart', properties: { sku: 'sku-3' } })
      return Promise.resolve('Tracked add_to_cart')
    },
    'show-offer': function () {
      client.track({ key: 'show_offer' })
      return Promise.resolve('Tracked show_offer (in-app modal)')
    },
  }

  document.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('button[data-action]')
    if (!button) return
    var action = ACTIONS[button.getAttribute('data-action')]
    if (!action) return
    button.disabled = true
    action()
      .then(function (message) {
        render()
        toast(message)
        setTimeout(pollEvents, 900)
      })
      .catch(function (err) { toast('Error: ' + err) })
      .then(function () { button.disabled = false })
  })

  window.addEventListener('popstate', function () {
    renderRoute()
    setTimeout(pollEvents, 900)
  })

  // ------------------------------------------------------------------ start
  client.onInitialized({ timeout: 5000 }).then(function (result) {
    if (result && result.success) setStatus('workspace loaded', 'ok')
    else setStatus('config timed out: using defaults', 'bad')
    render()
    document.body.setAttribute('data-ready', 'true')
    setTimeout(pollEvents, 900)
    setInterval(function () { if (document.visibilityState === 'visible') pollEvents() }, 1500)
  })
  document.getElementById('foot').textContent = 'SDK key ' + SDK_KEY + ' · config and events served by demo/server.mjs on ' + origin
})()
