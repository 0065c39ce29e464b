/**
 * The emulator and browser layers of the test suite, as steps that `npm test` (scripts/test.ts) and
 * `npm run test:emulators` (scripts/test-emulators.ts) arrange in lanes: the build both suites need,
 * the browser journeys on the emulators' own ports, the App Check run then the emulator tests on
 * ports EMULATOR_SUITE_PORT_SHIFT higher, and the report of both once they end.
 */
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { emulatorsExec, emulatorTargets, ROOT, run, shopUrl, storageEmulatorAvailable, webEmulatorEnv } from './emulators';
import { QUERY_LOG, describeShape, readQueriesFile, readQueryLogs, unlistedShapes } from './indexes/queryShapes';
import { JOURNEYS_REPORT, printJourneyFailures } from './journeyFailures';
import { layerTimer, recordLayerTime } from './layerTimes';

const EMULATOR_SUITE_PORT_SHIFT = 50;
const emulatorSuiteLog = join(ROOT, '.cache/emulator-tests.log');

/**
 * Settles this process's environment for the emulator layers (set before they start, and inherited
 * by the emulators, their function workers and the test runners), and clears the last run's records.
 */
export function prepareEmulatorLayers(): void {
  const storage = storageEmulatorAvailable();
  // The Firestore emulator's JVM with the quick compiler only and the one-thread collector: a test run
  // is minutes of many different requests, where the optimising compiler spends more processor than it
  // wins back. On four emulator test files it used 39 s of processor instead of 84 s, and the files ran
  // 11% faster. The bench keeps Java's defaults: its long 100,000-product queries want them.
  process.env.JAVA_TOOL_OPTIONS ??= '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';
  // One pool of function workers for every function (scripts/sharedFunctionWorkers.cjs): a run calls
  // about ninety functions, and each started a worker of its own on a test's clock.
  process.env.HARBOR_SHARED_FUNCTION_WORKERS ??= '1';
  process.env.HARBOR_STORAGE = storage.available ? '1' : '0';
  process.env.HARBOR_STORAGE_REASON = storage.reason;
  rmSync(JOURNEYS_REPORT, { force: true });
  // Every query the functions and the journeys send is recorded (indexes/queryRecorder.cjs in the
  // functions' workers, e2e/fixtures.ts in the browser), so a query without a listed shape fails the run.
  rmSync(QUERY_LOG, { recursive: true, force: true });
  mkdirSync(QUERY_LOG, { recursive: true });
  process.env.HARBOR_QUERY_LOG = QUERY_LOG;
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --require ${join(ROOT, 'scripts/indexes/queryRecorder.cjs')}`.trim();
}

/** Builds the web bundle for the emulators, then the functions (they bundle its server renderer), and checks the bundle budgets. */
export async function buildForEmulators(): Promise<boolean> {
  const startedAt = Date.now();
  const code =
    (await run('npm', ['run', 'build', '-w', 'web'], webEmulatorEnv(process.env.HARBOR_STORAGE === '1'))) ||
    (await run('npm', ['run', 'build', '-w', 'functions'])) ||
    (await run('node_modules/.bin/tsx', ['bench/check-budgets.ts']));
  recordLayerTime('emulator builds, bundle budgets', startedAt, code);
  return code === 0;
}

/** The browser journeys on the emulators the web bundle was built for; their output goes to the terminal. */
export function runJourneys(filters: string[]): Promise<number> {
  return emulatorsExec(layerTimer('browser journeys', `node_modules/.bin/playwright test --config e2e/playwright.config.ts ${filters.join(' ')}`), emulatorTargets());
}

/**
 * The emulator tests and the App Check run (scripts/test-emulator-suite.ts) on emulators of their
 * own: ports shifted, and a functions folder of their own for their settings files
 * (scripts/emulators.ts), so they can run beside the journeys. Their output is kept in a file that
 * reportEmulatorLayers prints after the journeys'.
 */
export function runEmulatorSuite(filters: string[]): Promise<number> {
  const log = createWriteStream(emulatorSuiteLog);
  const env = {
    ...process.env,
    HARBOR_PORT_OFFSET: String((Number(process.env.HARBOR_PORT_OFFSET ?? 0) || 0) + EMULATOR_SUITE_PORT_SHIFT),
    HARBOR_SEPARATE_FUNCTIONS_DIR: '1',
    HARBOR_BUILT_SHOP_URL: shopUrl,
    FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0'),
  };
  return run('node_modules/.bin/tsx', ['scripts/test-emulator-suite.ts', ...filters], env, (chunk) => log.write(chunk)).then(
    (code) => new Promise<number>((done) => log.end(() => done(code))),
  );
}

/**
 * Prints the emulator tests' output, then the failed journeys (after it, where a log's tail shows
 * them), then fails on any query without a listed shape. Resolves with the layers' exit code.
 */
export function reportEmulatorLayers({ journeys, emulator }: { journeys?: number; emulator?: number }): number {
  if (emulator !== undefined) {
    process.stdout.write(`\n──── emulator tests and App Check (their own emulators) ────\n`);
    process.stdout.write(readFileSync(emulatorSuiteLog));
    process.stdout.write(`──── end of the emulator tests: ${emulator === 0 ? 'passed' : `FAILED (exit ${emulator})`} ────\n`);
  }
  if (journeys !== undefined) printJourneyFailures();
  const unlisted = unlistedShapes(readQueryLogs(QUERY_LOG), readQueriesFile(join(ROOT, 'firestore.queries.json')));
  for (const shape of unlisted) console.error(`Query not in firestore.queries.json: ${describeShape(shape)}`);
  if (unlisted.length > 0) {
    console.error('npm run queries:update adds them; npm run check:indexes then says which index each needs.');
    return 1;
  }
  return journeys || emulator || 0;
}
