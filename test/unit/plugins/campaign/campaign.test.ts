import { describe, expect, it } from 'vitest'
import { createHooks } from '../../../../src/kernel/hooks'
import type { Kernel } from '../../../../src/kernel/plugin'
import type { PageSnapshot } from '../../../../src/kernel/contract'
import type { EvaluationUser, Properties } from '../../../../src/kernel/types'
import { CAMPAIGN_KEYS, campaign, parseCampaign, withCampaign } from '../../../../src/plugins/campaign'

describe('parseCampaign', () => {
  it('parses the example of browser-behaviour.md §4', () => {
    expect(parseCampaign('?utm_source=a%20b&utm_medium=&gclid=x=y&fbclid')).toEqual({ utm_source: 'a b', gclid: 'x' })
  })

  it('reads all eight keys and returns them in the reference order', () => {
    const result = parseCampaign(
      '?fbclid=f&gclid=g&utm_term=t&utm_source=s&utm_medium=m&utm_id=i&utm_content=c&utm_campaign=camp',
    )
    expect(result).toEqual({
      utm_campaign: 'camp',
      utm_content: 'c',
      utm_id: 'i',
      utm_medium: 'm',
      utm_source: 's',
      utm_term: 't',
      gclid: 'g',
      fbclid: 'f',
    })
    expect(Object.keys(result)).toEqual([...CAMPAIGN_KEYS])
  })

  it('ignores other keys, does not decode keys and is case-sensitive', () => {
    expect(parseCampaign('?utm%5Fsource=x&UTM_SOURCE=y&utm_source_x=z&q=1&utm_medium=email')).toEqual({
      utm_medium: 'email',
    })
  })

  it('lets a later occurrence win, unless it is empty or malformed', () => {
    expect(parseCampaign('?utm_source=first&utm_source=second')).toEqual({ utm_source: 'second' })
    expect(parseCampaign('?utm_source=first&utm_source=')).toEqual({ utm_source: 'first' })
    expect(parseCampaign('?utm_source=first&utm_source=%E0%A4%A')).toEqual({ utm_source: 'first' })
    expect(parseCampaign('?utm_source=%')).toEqual({})
  })

  it('decodes values with decodeURIComponent only ("+" stays)', () => {
    expect(parseCampaign('?utm_campaign=%EC%97%AC%EB%A6%84+sale%21&utm_content=a%26b%3Dc')).toEqual({
      utm_campaign: '여름+sale!',
      utm_content: 'a&b=c',
    })
  })

  it.each([
    ['?utm_source==x', {}],
    ['?utm_source=0', { utm_source: '0' }],
    ['?utm_source=%20', { utm_source: ' ' }],
    ['?utm_id=1&utm_id=2&utm_id', { utm_id: '2' }],
    ['?gclid=Cj0KCQiA%2Dabc_-x', { gclid: 'Cj0KCQiA-abc_-x' }],
    ['?utm_source=a;b&utm_medium=c,d', { utm_medium: 'c,d', utm_source: 'a;b' }],
    ['?utm_term=%E2%82%AC%F0%9F%98%80', { utm_term: '€😀' }],
    ['?__proto__=x&utm_source=y', { utm_source: 'y' }],
  ])('%s → the reference result', (search, expected) => {
    // results observed by running the reference (jsdom, location.search set to `search`)
    expect(parseCampaign(search)).toEqual(expected)
  })

  it('drops the first character whatever it is', () => {
    expect(parseCampaign('')).toEqual({})
    expect(parseCampaign('?')).toEqual({})
    expect(parseCampaign('xutm_source=a')).toEqual({ utm_source: 'a' })
    expect(parseCampaign('utm_source=a')).toEqual({})
    expect(parseCampaign('?&&utm_source=a&&')).toEqual({ utm_source: 'a' })
  })
})

describe('withCampaign', () => {
  it('overlays the user properties on the campaign, in the reference order', () => {
    // order observed by running the reference: campaign keys first (a user value takes the campaign slot),
    // then the user's other keys; integer-like keys first as in any JS object
    const merged = withCampaign(parseCampaign('?utm_source=second&utm_medium=email&gclid=x&utm_content=a+b'), {
      grade: 'silver',
      utm_campaign: 'mine',
      7: 'num',
    })
    expect(Object.entries(merged)).toEqual([
      ['7', 'num'],
      ['utm_campaign', 'mine'],
      ['utm_content', 'a+b'],
      ['utm_medium', 'email'],
      ['utm_source', 'second'],
      ['gclid', 'x'],
      ['grade', 'silver'],
    ])
  })

  it('gives the user value precedence and keeps the same entries as a plain spread', () => {
    const camp = parseCampaign('?utm_source=newsletter&utm_medium=email')
    const props: Properties = { utm_source: 'override', grade: 'gold', vip: true, score: 3 }
    const merged = withCampaign(camp, props)
    expect(merged).toEqual({ ...camp, ...props })
    expect(Object.keys(merged)).toEqual(['utm_medium', 'utm_source', 'grade', 'vip', 'score'])
    expect(withCampaign({}, {})).toEqual({})
    expect(withCampaign(camp, {})).toEqual({ utm_medium: 'email', utm_source: 'newsletter' })
  })

  it('does not change its inputs', () => {
    const camp = parseCampaign('?utm_source=a')
    const props = { b: 1 }
    withCampaign(camp, props)
    expect(camp).toEqual({ utm_source: 'a' })
    expect(props).toEqual({ b: 1 })
  })
})

describe('campaign plugin', () => {
  const user = (properties: Properties = {}): EvaluationUser => ({
    identifiers: { $id: 'u' },
    properties,
    hackleProperties: {},
    cohorts: [],
    targetEvents: [],
  })

  /** The kernel's current page, with this query string (as a page tracker sets it with `kernel.pages.set`). */
  const pageWith = (search: string): PageSnapshot => ({
    pageName: '',
    properties: {},
    url: `https://www.example.com/${search}`,
    pagePath: '/',
    host: 'www.example.com',
    hostname: 'www.example.com',
    referrer: '',
    queryParameter: search,
    protocol: 'https',
  })

  function setup(search: () => string) {
    const hooks = createHooks()
    const plugin = campaign()
    expect(plugin.name).toBe('campaign')
    plugin.apply({ hooks, pages: { current: () => pageWith(search()) } } as unknown as Kernel)
    return hooks
  }

  it('puts the current campaign under the user properties on every resolveUser', () => {
    let search = '?utm_source=newsletter&utm_medium=email'
    const hooks = setup(() => search)
    expect(hooks.resolveUser.call(user({ grade: 'silver' })).properties).toEqual({
      utm_medium: 'email',
      utm_source: 'newsletter',
      grade: 'silver',
    })
    expect(hooks.resolveUser.call(user({ utm_source: 'mine' })).properties).toEqual({
      utm_medium: 'email',
      utm_source: 'mine',
    })
    search = '?gclid=abc'
    expect(hooks.resolveUser.call(user({ grade: 'silver' })).properties).toEqual({ gclid: 'abc', grade: 'silver' })
    search = ''
    expect(hooks.resolveUser.call(user({ grade: 'silver' })).properties).toEqual({ grade: 'silver' })
  })

  it('gives every user its own properties object and leaves the given one alone', () => {
    const hooks = setup(() => '?utm_source=a')
    const own = { grade: 'gold' }
    const first = hooks.resolveUser.call(user(own)).properties
    const second = hooks.resolveUser.call(user(own)).properties
    expect(first).toEqual({ utm_source: 'a', grade: 'gold' })
    expect(second).toEqual(first)
    expect(second).not.toBe(first)
    expect(own).toEqual({ grade: 'gold' })
  })

  it('reads location.search by default', () => {
    const hooks = createHooks()
    // no current page in the kernel: the plugin reads `location`
    campaign().apply({ hooks, pages: { current: () => undefined } } as unknown as Kernel)
    history.replaceState(null, '', '/landing?utm_source=google&utm_campaign=spring&x=1')
    try {
      expect(hooks.resolveUser.call(user({ a: 1 })).properties).toEqual({
        utm_campaign: 'spring',
        utm_source: 'google',
        a: 1,
      })
    } finally {
      history.replaceState(null, '', '/')
    }
  })
})
