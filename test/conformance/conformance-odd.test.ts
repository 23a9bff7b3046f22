/** The odd half of the conformance suite (a separate file so vitest runs it in parallel with the normal half). */
import { describe, it } from 'vitest'
import { compareAll, generated, ODD_SEEDS, seedsTitle } from './suite'

describe('conformance: hackle-kit vs @hackler/javascript-sdk 11.56.1 (odd configs)', () => {
  it(`generated odd configs (${seedsTitle(ODD_SEEDS)}): hackle-kit = reference`, async () => {
    await compareAll('odd', generated('odd', ODD_SEEDS))
  })
})
