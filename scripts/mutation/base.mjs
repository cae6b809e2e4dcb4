// Options common to the two mutation runs (see scripts/mutation.sh).
/** @param {string} name @returns {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export function base(name) {
  return {
    testRunner: 'vitest',
    vitest: { configFile: 'scripts/mutation/vitest.config.mjs', related: false },
    // Each mutant runs only the tests that reached it in the initial run.
    coverageAnalysis: 'perTest',
    concurrency: 2,
    timeoutMS: 30_000,
    reporters: ['clear-text', 'progress', 'html', 'json'],
    htmlReporter: { fileName: `reports/mutation/${name}/index.html` },
    jsonReporter: { fileName: `reports/mutation/${name}/mutation.json` },
    incrementalFile: `reports/mutation/${name}/stryker-incremental.json`,
    tempDirName: '.stryker-tmp',
    thresholds: { high: 90, low: 85, break: 85 },
  };
}
