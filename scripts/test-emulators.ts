/**
 * The emulator and end-to-end layers of `npm test`: builds the functions and the web bundle for
 * the emulators, checks the bundle budgets, then runs both suites inside one
 * `firebase emulators:exec`, which stops every emulator when they finish. A failure in either
 * suite fails the command.
 */
import { emulatorsExec, emulatorTargets, run, storageEmulatorAvailable, webEmulatorEnv } from './emulators';

const storage = storageEmulatorAvailable();
if ((await run('npm', ['run', 'build', '-w', 'functions'])) !== 0) process.exit(1);
if ((await run('npm', ['run', 'build', '-w', 'web'], webEmulatorEnv(storage.available))) !== 0) process.exit(1);
if ((await run('node_modules/.bin/tsx', ['bench/check-budgets.ts'])) !== 0) process.exit(1);

process.env.HARBOR_STORAGE = storage.available ? '1' : '0';
process.env.HARBOR_STORAGE_REASON = storage.reason;
// Arguments: which suites to run ("emulator", "e2e"; default both), then optional file filters.
const args = process.argv.slice(2);
const suites: string[] = args.filter((arg) => arg === 'emulator' || arg === 'e2e');
const filters = args.filter((arg) => !suites.includes(arg) && /^[\w.-]+$/.test(arg)).join(' ');
const commands = [
  suites.length === 0 || suites.includes('emulator') ? `node_modules/.bin/vitest run --config emulator-tests/vitest.config.ts ${filters}` : null,
  suites.length === 0 || suites.includes('e2e') ? `node_modules/.bin/playwright test --config e2e/playwright.config.ts ${filters}` : null,
].filter(Boolean);
process.exit(await emulatorsExec(commands.join(' && '), emulatorTargets()));
