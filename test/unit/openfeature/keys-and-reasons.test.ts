import { describe, expect, it } from 'vitest'
import { DecisionReason } from '../../../src/kernel'
import { resolveFlagKey, type HackleFlagSource } from '../../../src/openfeature/keys'
import { mapReason } from '../../../src/openfeature/reasons'

describe('flag key scheme', () => {
  const flags: Record<string, HackleFlagSource> = {
    'new-checkout': { type: 'feature-flag', key: 7 },
    hero: { type: 'ab-test', key: 42 },
    dark: { type: 'remote-config', key: 'dark_mode' },
    '5': { type: 'remote-config', key: 'five' },
  }
  it.each([
    // [flag key, type, expected]
    ['7', 'boolean', { type: 'feature-flag', key: 7 }],
    ['42', 'string', { type: 'ab-test', key: 42 }],
    ['flag:7', 'boolean', { type: 'feature-flag', key: 7 }],
    ['ab:42', 'string', { type: 'ab-test', key: 42 }],
    ['rc:42', 'number', { type: 'remote-config', key: '42' }],
    ['rc:flag:7', 'string', { type: 'remote-config', key: 'flag:7' }],
    ['banner_text', 'string', { type: 'remote-config', key: 'banner_text' }],
    ['banner_text', 'object', { type: 'remote-config', key: 'banner_text' }],
    // not a numeric key (leading zero, sign, fraction, beyond a safe integer): a remote-config name
    ['07', 'boolean', { type: 'remote-config', key: '07' }],
    ['-7', 'boolean', { type: 'remote-config', key: '-7' }],
    ['7.5', 'string', { type: 'remote-config', key: '7.5' }],
    ['9007199254740993', 'boolean', { type: 'remote-config', key: '9007199254740993' }],
    // the `flags` option comes first, even over a numeric key
    ['new-checkout', 'boolean', { type: 'feature-flag', key: 7 }],
    ['hero', 'string', { type: 'ab-test', key: 42 }],
    ['dark', 'boolean', { type: 'remote-config', key: 'dark_mode' }],
    ['5', 'boolean', { type: 'remote-config', key: 'five' }],
  ] as const)('%s as %s → %o', (flagKey, type, expected) => {
    expect(resolveFlagKey(flagKey, type, flags)).toEqual(expected)
  })

  it.each([
    ['flag:', 'boolean', 'PARSE_ERROR'],
    ['flag:0', 'boolean', 'PARSE_ERROR'],
    ['flag:x', 'boolean', 'PARSE_ERROR'],
    ['ab:-1', 'string', 'PARSE_ERROR'],
    ['rc:', 'string', 'PARSE_ERROR'],
    ['7', 'number', 'TYPE_MISMATCH'],
    ['7', 'object', 'TYPE_MISMATCH'],
    ['flag:7', 'string', 'TYPE_MISMATCH'],
    ['ab:42', 'boolean', 'TYPE_MISMATCH'],
    ['new-checkout', 'number', 'TYPE_MISMATCH'],
  ] as const)('%s as %s → %s', (flagKey, type, error) => {
    expect(resolveFlagKey(flagKey, type, flags)).toMatchObject({ error, message: expect.stringContaining(flagKey) })
  })

  it('refuses a malformed entry of the flags option with PARSE_ERROR', () => {
    const bad = { a: { type: 'feature-flag', key: '7' }, b: { type: 'remote-config', key: '' }, c: null, d: { type: 'segment', key: 1 } }
    for (const key of Object.keys(bad)) {
      expect(resolveFlagKey(key, 'boolean', bad as never)).toMatchObject({ error: 'PARSE_ERROR' })
    }
    // inherited names are not entries
    expect(resolveFlagKey('toString', 'string', {})).toEqual({ type: 'remote-config', key: 'toString' })
  })
})

describe('Hackle reasons → OpenFeature reasons and error codes', () => {
  it('maps every reason a flag, A/B test or remote-config decision can give', () => {
    const table = Object.fromEntries(
      Object.values(DecisionReason)
        .filter((reason) => !reason.includes('IN_APP_MESSAGE'))
        .map((reason) => [reason, mapReason(reason)]),
    )
    expect(table).toEqual({
      SDK_NOT_READY: { reason: 'ERROR', errorCode: 'PROVIDER_NOT_READY' },
      EXCEPTION: { reason: 'ERROR', errorCode: 'GENERAL' },
      INVALID_INPUT: { reason: 'ERROR', errorCode: 'GENERAL' },
      TYPE_MISMATCH: { reason: 'ERROR', errorCode: 'TYPE_MISMATCH' },
      EXPERIMENT_NOT_FOUND: { reason: 'ERROR', errorCode: 'FLAG_NOT_FOUND' },
      FEATURE_FLAG_NOT_FOUND: { reason: 'ERROR', errorCode: 'FLAG_NOT_FOUND' },
      REMOTE_CONFIG_PARAMETER_NOT_FOUND: { reason: 'ERROR', errorCode: 'FLAG_NOT_FOUND' },
      TRAFFIC_ALLOCATED: { reason: 'SPLIT' },
      TRAFFIC_ALLOCATED_BY_TARGETING: { reason: 'SPLIT' },
      TARGET_RULE_MATCH: { reason: 'TARGETING_MATCH' },
      INDIVIDUAL_TARGET_MATCH: { reason: 'TARGETING_MATCH' },
      OVERRIDDEN: { reason: 'TARGETING_MATCH' },
      DEFAULT_RULE: { reason: 'DEFAULT' },
      TRAFFIC_NOT_ALLOCATED: { reason: 'DEFAULT' },
      NOT_IN_MUTUAL_EXCLUSION_EXPERIMENT: { reason: 'DEFAULT' },
      NOT_IN_EXPERIMENT_TARGET: { reason: 'DEFAULT' },
      VARIATION_DROPPED: { reason: 'DEFAULT' },
      IDENTIFIER_NOT_FOUND: { reason: 'DEFAULT' },
      FEATURE_FLAG_INACTIVE: { reason: 'DISABLED' },
      EXPERIMENT_DRAFT: { reason: 'DISABLED' },
      EXPERIMENT_PAUSED: { reason: 'DISABLED' },
      EXPERIMENT_COMPLETED: { reason: 'STATIC' },
      // declared by the reference, never answered by a browser decision
      UNSUPPORTED_PLATFORM: { reason: 'UNKNOWN' },
      EXPERIMENT_CONTROL_GROUP: { reason: 'UNKNOWN' },
    })
  })
})
