/**
 * `npm run bench [-- --products <n>]`: seeds a catalog of n products (5,000 by default), builds the functions and the shop for the emulators, checks the bundle budgets,
 * then runs bench/measure.ts inside `firebase emulators:exec` (which stops every emulator after).
 * Results: bench/results.json, bench/results.md, a new file in bench/history/ and the tables in
 * README.md's performance section. The shop is built to reach Firestore through
 * the compressing proxy that bench/measure.ts starts (see bench/compressingProxy.ts).
 */
import { catalogSize } from './catalogSize';
import { COMPRESSING_PROXY_PORT } from './compressingProxy';
import { emulatorsExec, emulatorTargets, run, storageEmulatorAvailable, webEmulatorEnv } from '../scripts/emulators';

// A wrong size is refused before minutes of building.
try {
  process.env.BENCH_PRODUCTS = String(catalogSize(process.argv.slice(2)));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const storage = storageEmulatorAvailable();
const webEnv = { ...webEmulatorEnv(storage.available), VITE_FIRESTORE_EMULATOR_PORT: String(COMPRESSING_PROXY_PORT) };
// The shop first: the functions bundle its server renderer.
if ((await run('npm', ['run', 'build', '-w', 'web'], webEnv)) !== 0) process.exit(1);
if ((await run('npm', ['run', 'build', '-w', 'functions'])) !== 0) process.exit(1);
process.exit(await emulatorsExec('node_modules/.bin/tsx bench/measure.ts', emulatorTargets()));
