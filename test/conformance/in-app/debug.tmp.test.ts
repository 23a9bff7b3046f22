import { it } from 'vitest'
import { reference } from '../suite'
import { runInAppSequence } from './run'
import { generateInAppSequence } from './sequences'
it('dump', async () => {
  const seq = generateInAppSequence(Number(process.env.SEED))
  let t = 0
  for (const s of seq.visits[0]!.steps) { console.log('STEP', t, s.code); t += s.wait }
  console.log('END', t)
  const r = await runInAppSequence(reference, seq)
  const v = r.visits[0]!
  console.log('RENDERS', v.renders.length, JSON.stringify((v.batches as any[]).map((b) => (b.trackEvents ?? []).map((e: any) => `${e.eventTypeKey}@${e.timestamp - 1768467600000}`))))
})
