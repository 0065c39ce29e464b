/**
 * `npm run test:emulators`: the emulator and end-to-end layers alone (scripts/emulatorLayers.ts).
 * Builds what both suites need, then runs the browser journeys and the emulator tests, each inside
 * a `firebase emulators:exec` of its own. A failure in either suite fails the command.
 * Arguments: which suites to run ("emulator", "e2e"; default both), then optional file filters.
 */
import { availableParallelism } from 'node:os';
import { buildForEmulators, prepareEmulatorLayers, reportEmulatorLayers, runEmulatorSuite, runJourneys } from './emulatorLayers';

const args = process.argv.slice(2);
const suites: string[] = args.filter((arg) => arg === 'emulator' || arg === 'e2e');
const filters = args.filter((arg) => !suites.includes(arg) && /^[\w.-]+$/.test(arg));
const emulatorSuite = suites.length === 0 || suites.includes('emulator');
const journeySuite = suites.length === 0 || suites.includes('e2e');

prepareEmulatorLayers();
if (!(await buildForEmulators())) process.exit(1);
// The two suites share nothing but the build. With more than two cores they run at once; on two,
// the emulator tests wait for the journeys to end, as the processor is the limit, and only their
// emulators' start runs beside them (`npm test` fills that lane with its checks).
const journeys = journeySuite ? runJourneys(filters) : undefined;
const emulator = emulatorSuite ? runEmulatorSuite(filters, availableParallelism() <= 2 && journeys ? { testsAfter: journeys } : {}) : undefined;
process.exit(reportEmulatorLayers({ journeys: await journeys, emulator: await emulator }));
