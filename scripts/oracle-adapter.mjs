// Adapter for the shared differential oracle (../shared/oracle/compare.mjs --adapter): answers the oracle's
// queries with hackle-kit's script-tag build, loaded into the oracle's own jsdom page.
import { readFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import path from 'node:path'

const here = path.dirname(fileURLToPath(import.meta.url))
const oracleDir = process.env.ORACLE_DIR ?? path.resolve(here, '../../shared/oracle')
const { createPage } = await import(pathToFileURL(path.join(oracleDir, 'ref.mjs')).href)
const bundle = readFileSync(path.resolve(here, '../dist/browser/hackle-kit.global.js'), 'utf8')

/** Records the exposures a decision emits, to report the flag's variation and the nested evaluations. */
function recorder() {
  const exposures = []
  const plugin = {
    name: 'oracle-recorder',
    apply({ hooks }) {
      hooks.eventCreated.tap('oracle-recorder', (event) => {
        if (event.type === 'exposure') exposures.push(event)
      })
    },
  }
  const take = () => exposures.splice(0, exposures.length)
  return { plugin, take }
}

const nestedOf = (events) =>
  events
    .filter((event) => event.properties.$targetingRootType !== undefined)
    .map((event) => ({
      type: event.kind === 'feature-flag' ? 'FEATURE_FLAG' : 'AB_TEST',
      key: event.experimentKey,
      variation: event.variationKey,
      reason: event.decisionReason,
    }))

export default async function evaluate({ env, config, users, queries }) {
  const page = createPage(env, { configText: JSON.stringify(config) })
  const { win } = page
  win.eval(bundle)
  const events = recorder()
  const client = win.Hackle.createInstance(env.sdkKey, { log_disabled: true, plugins: [events.plugin] })
  await client.onInitialized()
  const results = []
  let currentUser = -1
  try {
    for (const query of queries) {
      if (query.userIndex !== currentUser) {
        currentUser = query.userIndex
        await client.resetUser()
      }
      const user = win.JSON.parse(JSON.stringify(users[query.userIndex]))
      events.take()
      const base = { i: query.i, type: query.type, key: query.key, userIndex: query.userIndex }
      if (query.type === 'experiment') {
        const decision =
          'defaultVariation' in query
            ? client.variationDetail(query.key, user, query.defaultVariation)
            : client.variationDetail(query.key, user)
        const emitted = events.take()
        results.push({ ...base, variation: decision.variation, reason: decision.reason, parameters: { ...decision.parameters }, nested: nestedOf(emitted) })
      } else if (query.type === 'featureFlag') {
        const decision = client.featureFlagDetail(query.key, user)
        const emitted = events.take()
        const root = emitted.find((event) => event.properties.$targetingRootType === undefined)
        results.push({
          ...base,
          isOn: decision.isOn,
          variation: root ? root.variationKey : 'A',
          reason: decision.reason,
          parameters: { ...decision.parameters },
          nested: nestedOf(emitted),
        })
      } else {
        const detail = client.remoteConfig(user).getDetail(query.key, query.defaultValue)
        const emitted = events.take()
        results.push({ ...base, requestedType: query.requestedType, value: detail.value, reason: detail.reason, nested: nestedOf(emitted) })
      }
    }
  } finally {
    client.close()
    win.close()
  }
  return results
}
