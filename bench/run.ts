/**
 * `npm run bench`: builds the functions and the shop for the emulators, checks the bundle budgets,
 * then runs bench/measure.ts inside `firebase emulators:exec` (which stops every emulator after).
 * Results: bench/results.json, bench/results.md, a new file in bench/history/ and the tables in
 * README.md's performance section. The shop is built to reach Firestore through
 * the compressing proxy that bench/measure.ts starts (see bench/compressingProxy.ts).
 */
import { COMPRESSING_PROXY_PORT } from './compressingProxy';
import { emulatorsExec, emulatorTargets, run, storageEmulatorAvailable, webEmulatorEnv } from '../scripts/emulators';

const storage = storageEmulatorAvailable();
const webEnv = { ...webEmulatorEnv(storage.available), VITE_FIRESTORE_EMULATOR_PORT: String(COMPRESSING_PROXY_PORT) };
// The shop first: the functions bundle its server renderer.
if ((await run('npm', ['run', 'build', '-w', 'web'], webEnv)) !== 0) process.exit(1);
if ((await run('npm', ['run', 'build', '-w', 'functions'])) !== 0) process.exit(1);
process.exit(await emulatorsExec('node_modules/.bin/tsx bench/measure.ts', emulatorTargets()));
