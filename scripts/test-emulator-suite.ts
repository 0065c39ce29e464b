/**
 * The App Check run, then the emulator tests (rules, callables, triggers), each on emulators of
 * their own. scripts/test-emulators.ts starts this beside the browser journeys, with its ports
 * shifted (HARBOR_PORT_OFFSET) and a functions folder of its own (HARBOR_SEPARATE_FUNCTIONS_DIR),
 * after building what both need. Arguments: optional test file filters.
 */
import { emulatorsExec, emulatorTargets } from './emulators';
import { layerTimer, recordLayerTime } from './layerTimes';

const filters = process.argv.slice(2);
const emulatorTests = `node_modules/.bin/vitest run --config emulator-tests/vitest.config.ts`;

// App Check enforcement is read when the functions load, so proving it on takes a functions
// emulator of its own: a second demo project whose functions/.env.<project> turns it on. The
// calls it checks are refused before any callable code runs, so no other emulator is needed.
// They are one call to each callable, one after the other: the one pool of workers of every test
// run (sharedFunctionWorkers.cjs) serves them all with one worker.
const appCheckTest = 'emulator-tests/appCheck.test.ts';
let appCheckCode = 0;
if (filters.length === 0 || filters.some((filter) => appCheckTest.includes(filter))) {
  const appCheckStartedAt = Date.now();
  appCheckCode = await emulatorsExec(`${emulatorTests} ${appCheckTest}`, ['functions'], { project: 'demo-harbor-appcheck', env: { HARBOR_APP_CHECK: 'enforced' } });
  recordLayerTime('App Check enforced (own emulators)', appCheckStartedAt, appCheckCode);
}

const code = await emulatorsExec(layerTimer('emulator tests', `${emulatorTests} ${filters.join(' ')}`), emulatorTargets());
process.exit(code || appCheckCode);
