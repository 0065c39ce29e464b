/**
 * The emulator and end-to-end layers of `npm test`: builds the functions and the web bundle for
 * the emulators, checks the bundle budgets, then runs both suites inside one
 * `firebase emulators:exec`, which stops every emulator when they finish. A failure in either
 * suite fails the command.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { emulatorsExec, emulatorTargets, ROOT, run, storageEmulatorAvailable, webEmulatorEnv } from './emulators';
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

process.env.HARBOR_STORAGE = storage.available ? '1' : '0';
process.env.HARBOR_STORAGE_REASON = storage.reason;
// Arguments: which suites to run ("emulator", "e2e"; default both), then optional file filters.
const args = process.argv.slice(2);
const suites: string[] = args.filter((arg) => arg === 'emulator' || arg === 'e2e');
const filters = args.filter((arg) => !suites.includes(arg) && /^[\w.-]+$/.test(arg));
const emulatorSuite = suites.length === 0 || suites.includes('emulator');
const emulatorTests = `node_modules/.bin/vitest run --config emulator-tests/vitest.config.ts`;
// The browser journeys go first: they need the Firestore triggers, which the emulator suite's
// load tests switch off for the rest of the run (emulator-tests/harness.ts, switchOffTriggers).
// Both suites run even if the first fails, so one run reports every failure.
const journeySuite = suites.length === 0 || suites.includes('e2e');
const suiteCommands = [
  journeySuite ? layerTimer('browser journeys', `node_modules/.bin/playwright test --config e2e/playwright.config.ts ${filters.join(' ')}`) : null,
  emulatorSuite ? layerTimer('emulator tests', `${emulatorTests} ${filters.join(' ')}`) : null,
].filter(Boolean);
const command = `failed=0; ${suiteCommands.map((suite) => `{ ${suite}; } || failed=1; `).join('')}exit $failed`;
rmSync(JOURNEYS_REPORT, { force: true });
// Every query the functions and the journeys send is recorded (indexes/queryRecorder.cjs in the
// functions' workers, e2e/fixtures.ts in the browser), so a query without a listed shape fails the run.
rmSync(QUERY_LOG, { recursive: true, force: true });
mkdirSync(QUERY_LOG, { recursive: true });
process.env.HARBOR_QUERY_LOG = QUERY_LOG;
process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --require ${join(ROOT, 'scripts/indexes/queryRecorder.cjs')}`.trim();
const code = await emulatorsExec(command, emulatorTargets());
if (journeySuite) printJourneyFailures();
const unlisted = unlistedShapes(readQueryLogs(QUERY_LOG), readQueriesFile(join(ROOT, 'firestore.queries.json')));
for (const shape of unlisted) console.error(`Query not in firestore.queries.json: ${describeShape(shape)}`);
if (unlisted.length > 0) {
  console.error('npm run queries:update adds them; npm run check:indexes then says which index each needs.');
  process.exit(1);
}
if (code !== 0) process.exit(code);

// App Check enforcement is read when the functions load, so proving it on takes a functions
// emulator of its own: a second demo project whose functions/.env.<project> turns it on. The
// calls it checks are refused before any callable code runs, so no other emulator is needed.
const appCheckTest = 'emulator-tests/appCheck.test.ts';
if (emulatorSuite && (filters.length === 0 || filters.some((filter) => appCheckTest.includes(filter)))) {
  process.env.HARBOR_APP_CHECK = 'enforced';
  const appCheckStartedAt = Date.now();
  const appCheckCode = await emulatorsExec(`${emulatorTests} ${appCheckTest}`, ['functions'], { project: 'demo-harbor-appcheck' });
  recordLayerTime('App Check enforced (own emulators)', appCheckStartedAt, appCheckCode);
  process.exit(appCheckCode);
}
