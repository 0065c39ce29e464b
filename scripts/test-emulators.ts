/**
 * `npm run test:emulators`: the emulator and end-to-end layers alone (scripts/emulatorLayers.ts).
 * Builds what both suites need, then runs the browser journeys and the emulator tests, each inside
 * a `firebase emulators:exec` of its own. A failure in either suite fails the command.
 * Arguments: which suites to run ("emulator", "e2e"; default both), then optional file filters.
 */
import { buildForEmulators, prepareEmulatorLayers, reportEmulatorLayers, runEmulatorSuite, runJourneys } from './emulatorLayers';

const args = process.argv.slice(2);
const suites: string[] = args.filter((arg) => arg === 'emulator' || arg === 'e2e');
const filters = args.filter((arg) => !suites.includes(arg) && /^[\w.-]+$/.test(arg));
const emulatorSuite = suites.length === 0 || suites.includes('emulator');
const journeySuite = suites.length === 0 || suites.includes('e2e');

prepareEmulatorLayers();
if (!(await buildForEmulators())) process.exit(1);
// The two suites share nothing but the build, and run at once (`npm test` on two cores starts the
// emulator tests once its checks are done).
const journeys = journeySuite ? runJourneys(filters) : undefined;
const emulator = emulatorSuite ? runEmulatorSuite(filters) : undefined;
process.exit(reportEmulatorLayers({ journeys: await journeys, emulator: await emulator }));
