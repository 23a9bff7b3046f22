import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    reporters: ['default', './test/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', environment: 'happy-dom', include: ['test/unit/**/*.test.ts'], setupFiles: ['test/unit/setup.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'conformance',
          environment: 'node',
          include: ['test/conformance/**/*.test.ts'],
          // A generated suite takes about a minute on an idle 2-core machine; the limit only catches a hang, so it
          // leaves room for a machine that is busy with other work (a timing margin is not what these tests check).
          testTimeout: 600_000,
          hookTimeout: 600_000,
        },
      },
      {
        // Guards of the package boundary: architecture, API snapshot, pack-and-consume, size budgets. They read
        // dist/, so they run after `npm run build` (as `npm test` does).
        extends: true,
        test: {
          name: 'boundary',
          environment: 'node',
          include: ['test/boundary/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Type tests: `*.test-d.ts` files are type-checked by tsc, never run. A case fails when its file has a type
        // error inside it (an unmet `expectTypeOf`, an unused `@ts-expect-error`).
        extends: true,
        test: {
          name: 'types',
          include: [],
          typecheck: { enabled: true, only: true, include: ['test/types/**/*.test-d.ts'], tsconfig: 'tsconfig.json' },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/browser/**/*.e2e.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
