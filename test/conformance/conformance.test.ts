/**
 * hackle-kit's script-tag bundle vs the reference SDK (@hackler/javascript-sdk 11.56.1 UMD), side by side in
 * jsdom, on generated workspaces (normal here, odd in conformance-odd.test.ts) and hand-written edge cases. Zero mismatches is the bar,
 * except the differences excluded by name in exclusions.ts.
 *
 * Needs `dist/browser/hackle-kit.global.js` (`npm test` builds it first). Environment knobs:
 *   CONFORMANCE_SEEDS=N          normal and odd configs (default 100 each); CONFORMANCE_NORMAL_SEEDS / CONFORMANCE_ODD_SEEDS
 *   CONFORMANCE_SEED_START=S     first seed (default 1)
 *   CONFORMANCE_ONLY=<case id>   run one case (`normal#17`, `odd#3`, `edge:wire-3.7`)
 *   CONFORMANCE_DUMP=<dir>       write input + both answers of every mismatching case as JSON
 *   CONFORMANCE_SHOW=N           configs whose mismatches are printed on failure (default 6)
 *   CONFORMANCE_KIT_BUNDLE=path  another bundle as the side under test (the reference UMD validates the suite)
 *   CONFORMANCE_KIT_API=kit|reference, CONFORMANCE_BREAK=reason|default   see drivers.ts
 */
import { describe, expect, it } from 'vitest'
import { canonical, compareAnswers } from './compare'
import { edgeCases } from './edge-cases'
import { EXCLUSIONS, isExcluded } from './exclusions'
import { generateCase, MUTATION_NAMES } from './generate'
import type { Answer } from './model'
import { PAYLOAD_EXCLUSIONS } from './payload/sequence'
import { runReference } from './run'
import { compareAll, generated, NORMAL_SEEDS, reference, seedsTitle, selected } from './suite'

describe('conformance: hackle-kit vs @hackler/javascript-sdk 11.56.1', () => {
  it('exclusions are few, named and explained', () => {
    const names = EXCLUSIONS.map((it) => it.name)
    expect(names).toEqual(expect.arrayContaining(['timeZone', 'tolerant-parsing']))
    expect(new Set(names).size).toBe(names.length)
    expect(names.length).toBeLessThanOrEqual(10)
    for (const exclusion of EXCLUSIONS) {
      expect(exclusion.reason.length, exclusion.name).toBeGreaterThan(20)
      // anything but the two built-in ones must name a generator mutation (it is then never generated) or a
      // difference the payload sequences avoid
      if (!['timeZone', 'tolerant-parsing'].includes(exclusion.name)) expect([...MUTATION_NAMES, ...PAYLOAD_EXCLUSIONS], exclusion.name).toContain(exclusion.name)
    }
  })

  it('the generator is deterministic and never emits timeZone conditions', () => {
    expect(canonical(generateCase(5, 'odd'))).toBe(canonical(generateCase(5, 'odd')))
    for (let seed = 1; seed <= 40; seed++) {
      for (const mode of ['normal', 'odd'] as const) expect(JSON.stringify(generateCase(seed, mode).config)).not.toContain('"timeZone"')
    }
    expect(MUTATION_NAMES.length).toBeGreaterThan(60)
  })

  it('the comparison reports every field that differs', () => {
    const testCase = generateCase(1, 'normal')
    const queries = testCase.queries.slice(0, 3)
    const answers: Answer[] = queries.map((query) =>
      query.kind === 'experiment'
        ? { variation: 'A', reason: 'TRAFFIC_ALLOCATED', parameters: { a: 1, b: 2 } }
        : query.kind === 'featureFlag'
          ? { isOn: true, reason: 'DEFAULT_RULE', parameters: {} }
          : { value: 1, reason: 'DEFAULT_RULE' },
    )
    const reordered = answers.map((answer) => (answer.parameters ? { ...answer, parameters: { b: 2, a: 1 } } : { ...answer }))
    expect(compareAnswers('x', queries, answers, reordered)).toEqual([])
    const broken = answers.map((answer) => ({ ...answer, reason: 'EXCEPTION', value: answer.value === undefined ? undefined : '1' }))
    const fields = compareAnswers('x', queries, answers, broken).map((it) => it.field)
    expect(fields.filter((it) => it === 'reason')).toHaveLength(queries.length)
    expect(compareAnswers('x', queries, answers, [...answers.slice(0, 2), { thrown: 'TypeError' }]).map((it) => it.field)).toContain('thrown')
  })

  it('hand-written edge cases: the reference answers what the spec says (harness check)', async () => {
    const wrong: string[] = []
    for (const testCase of selected(edgeCases())) {
      const run = await runReference(reference, testCase)
      expect(run.problems, testCase.id).toEqual([])
      testCase.queries.forEach((query, i) => {
        const expected = testCase.expect?.[i]
        if (!expected) return
        for (const [field, value] of Object.entries(expected)) {
          const actual = run.answers[i][field as keyof Answer]
          if (canonical(actual) !== canonical(value)) {
            wrong.push(`[${testCase.id}] ${JSON.stringify(query)} ${field}: spec ${canonical(value)}, reference ${canonical(actual)}`)
          }
        }
      })
    }
    expect(wrong).toEqual([])
  })

  it('hand-written edge cases: hackle-kit = reference', async () => {
    await compareAll('edge cases', selected(edgeCases()).filter((it) => !it.exclusion || !isExcluded(it.exclusion)))
  })

  it(`generated normal configs (${seedsTitle(NORMAL_SEEDS)}): hackle-kit = reference`, async () => {
    await compareAll('normal', generated('normal', NORMAL_SEEDS))
  })
})
