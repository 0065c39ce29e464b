/**
 * `npm test`: the checks (lint, type-check, unit tests) run beside the emulator and browser layers
 * (scripts/test-emulators.ts) rather than before them. On a 2-core CI machine the checks use the
 * processor while those layers mostly wait on the emulators and the browser, which keeps the whole
 * run under 10 minutes. The checks' output is printed in one piece when they end; the command
 * fails when either part fails.
 */
import { run } from './emulators';

const checksOutput: Buffer[] = [];
const checks = run('npm', ['run', 'checks'], process.env, (chunk) => checksOutput.push(chunk)).then((code) => {
  process.stdout.write(`\n──── npm run checks (lint, type-check, unit tests): ${code === 0 ? 'passed' : `FAILED (exit ${code})`} ────\n`);
  process.stdout.write(Buffer.concat(checksOutput));
  process.stdout.write('──── end of npm run checks ────\n\n');
  return code;
});
const emulators = run('npm', ['run', 'test:emulators']);
const [checksCode, emulatorsCode] = await Promise.all([checks, emulators]);
if (checksCode !== 0) console.error(`npm test: the checks failed (exit ${checksCode}); their output is above.`);
if (emulatorsCode !== 0) console.error(`npm test: the emulator or browser tests failed (exit ${emulatorsCode}).`);
process.exit(checksCode !== 0 ? checksCode : emulatorsCode);
