import type { Reporter, TestModule } from 'vitest/node'

/** Prints the plain `N passed, N failed[, N skipped]` line that CI reads, as the very last line. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0
    let failed = unhandledErrors.length
    let skipped = 0
    for (const module of testModules) {
      let failedHere = 0
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') passed++
        else if (state === 'failed') failedHere++
        else skipped++
      }
      // A file that failed outside its tests (import error, throwing beforeAll) counts as one failure.
      if (module.state() === 'failed' && failedHere === 0) failedHere = 1
      failed += failedHere
    }
    const tail = skipped ? `, ${skipped} skipped` : ''
    setTimeout(() => console.log(`${passed} passed, ${failed} failed${tail}`), 0)
  }
}
