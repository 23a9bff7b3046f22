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
          // Minutes of CPU-bound comparisons: a bound for a hung run, not a speed check (a busy machine takes 2 min).
          testTimeout: 600_000,
          hookTimeout: 600_000,
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
