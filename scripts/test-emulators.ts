/**
 * The emulator and end-to-end layers of `npm test`: builds the functions and the web bundle for
 * the emulators, checks the bundle budgets, then runs the browser journeys and the emulator tests,
 * each inside a `firebase emulators:exec` of its own, which stops its emulators when the suite
 * finishes (at once where there are more than two cores). A failure in either suite fails the command.
 */
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { emulatorsExec, emulatorTargets, ROOT, run, shopUrl, storageEmulatorAvailable, webEmulatorEnv } from './emulators';
import { QUERY_LOG, describeShape, readQueriesFile, readQueryLogs, unlistedShapes } from './indexes/queryShapes';
import { JOURNEYS_REPORT, printJourneyFailures } from './journeyFailures';
import { layerTimer, recordLayerTime } from './layerTimes';

const storage = storageEmulatorAvailable();
const buildStartedAt = Date.now();
// The shop first: the functions bundle its server renderer.
const buildCode =
  (await run('npm', ['run', 'build', '-w', 'web'], webEmulatorEnv(storage.available))) ||
  (await run('npm', ['run', 'build', '-w', 'functions'])) ||
  (await run('node_modules/.bin/tsx', ['bench/check-budgets.ts']));
recordLayerTime('emulator builds, bundle budgets', buildStartedAt, buildCode);
if (buildCode !== 0) process.exit(1);

// The Firestore emulator's JVM with the quick compiler only and the one-thread collector: a test run
// is minutes of many different requests, where the optimising compiler spends more processor than it
// wins back. On four emulator test files it used 39 s of processor instead of 84 s, and the files ran
// 11% faster. The bench keeps Java's defaults: its long 100,000-product queries want them.
process.env.JAVA_TOOL_OPTIONS ??= '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';
process.env.HARBOR_STORAGE = storage.available ? '1' : '0';
process.env.HARBOR_STORAGE_REASON = storage.reason;
// Arguments: which suites to run ("emulator", "e2e"; default both), then optional file filters.
const args = process.argv.slice(2);
const suites: string[] = args.filter((arg) => arg === 'emulator' || arg === 'e2e');
const filters = args.filter((arg) => !suites.includes(arg) && /^[\w.-]+$/.test(arg));
const emulatorSuite = suites.length === 0 || suites.includes('emulator');
const journeySuite = suites.length === 0 || suites.includes('e2e');
rmSync(JOURNEYS_REPORT, { force: true });
// Every query the functions and the journeys send is recorded (indexes/queryRecorder.cjs in the
// functions' workers, e2e/fixtures.ts in the browser), so a query without a listed shape fails the run.
rmSync(QUERY_LOG, { recursive: true, force: true });
mkdirSync(QUERY_LOG, { recursive: true });
process.env.HARBOR_QUERY_LOG = QUERY_LOG;
process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --require ${join(ROOT, 'scripts/indexes/queryRecorder.cjs')}`.trim();

// The two suites share nothing but the build, so each runs on emulators of its own: the journeys
// on the ports the web bundle was built for, the emulator tests (then the App Check run) on ports
// EMULATOR_SUITE_PORT_SHIFT higher, with a functions folder of their own for their settings files
// (scripts/emulators.ts). With more than two cores they run at once. On two, the processor is the
// limit: at once they took 1,207 s of CI against 1,262 s one after the other, and every test waited
// twice as long on the busy emulators (30 s timeouts were hit), so there they run one after the
// other. The emulator tests' output is kept in a file and printed after the journeys'.
const EMULATOR_SUITE_PORT_SHIFT = 50;
const suitesAtOnce = availableParallelism() > 2;
const emulatorSuiteLog = join(ROOT, '.cache/emulator-tests.log');
const journeyLane = journeySuite
  ? emulatorsExec(layerTimer('browser journeys', `node_modules/.bin/playwright test --config e2e/playwright.config.ts ${filters.join(' ')}`), emulatorTargets())
  : Promise.resolve(0);
if (!suitesAtOnce) await journeyLane;
const emulatorLane = emulatorSuite
  ? (() => {
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
    })()
  : Promise.resolve(0);
const journeyCode = await journeyLane;
if (journeySuite) printJourneyFailures();
const emulatorCode = await emulatorLane;
if (emulatorSuite) {
  process.stdout.write(`\n──── emulator tests and App Check (their own emulators) ────\n`);
  process.stdout.write(readFileSync(emulatorSuiteLog));
  process.stdout.write(`──── end of the emulator tests: ${emulatorCode === 0 ? 'passed' : `FAILED (exit ${emulatorCode})`} ────\n`);
}
const unlisted = unlistedShapes(readQueryLogs(QUERY_LOG), readQueriesFile(join(ROOT, 'firestore.queries.json')));
for (const shape of unlisted) console.error(`Query not in firestore.queries.json: ${describeShape(shape)}`);
if (unlisted.length > 0) {
  console.error('npm run queries:update adds them; npm run check:indexes then says which index each needs.');
  process.exit(1);
}
process.exit(journeyCode || emulatorCode);
