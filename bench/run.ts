/**
 * `npm run bench`: builds the functions and the shop for the emulators, checks the bundle budgets,
 * then runs bench/measure.ts inside `firebase emulators:exec` (which stops every emulator after).
 * Results: bench/results.json and bench/results.md.
 */
import { emulatorsExec, emulatorTargets, run, storageEmulatorAvailable, webEmulatorEnv } from '../scripts/emulators';

const storage = storageEmulatorAvailable();
if ((await run('npm', ['run', 'build', '-w', 'functions'])) !== 0) process.exit(1);
if ((await run('npm', ['run', 'build', '-w', 'web'], webEmulatorEnv(storage.available))) !== 0) process.exit(1);
process.exit(await emulatorsExec('node_modules/.bin/tsx bench/measure.ts', emulatorTargets()));
