/**
 * `npm test`: the checks (lint, type-check, unit tests), then the deploy check, run beside the emulator and browser layers
 * (scripts/test-emulators.ts) rather than before them. On a 2-core CI machine the checks use the
 * processor while those layers mostly wait on the emulators and the browser, which keeps the whole
 * run under 10 minutes. The checks' output is printed in one piece when they end; the command
 * fails when either part fails.
 */
import { run } from './emulators';
import { printLayerTimes, recordLayerTime, resetLayerTimes } from './layerTimes';

const startedAt = Date.now();
resetLayerTimes();

/** What a failed quiet script printed about its failures, repeated at the end of the run where a log's tail shows it. */
const failureTails: string[] = [];

/** Runs an npm script with its output held back, then prints it in one piece under a title. */
async function runQuietly(script: string, title: string): Promise<number> {
  const output: Buffer[] = [];
  const scriptStartedAt = Date.now();
  const code = await run('npm', ['run', script], process.env, (chunk) => output.push(chunk));
  recordLayerTime(title, scriptStartedAt, code);
  process.stdout.write(`\n──── npm run ${script} (${title}): ${code === 0 ? 'passed' : `FAILED (exit ${code})`} ────\n`);
  process.stdout.write(Buffer.concat(output));
  process.stdout.write(`──── end of npm run ${script} ────\n\n`);
  if (code !== 0) {
    const lines = Buffer.concat(output).toString().split('\n');
    const failures = lines.filter((line) => /FAIL|×|✗|Error|PROBLEM|[Tt]imed? ?out|error /.test(line)).slice(0, 60);
    failureTails.push(`──── npm run ${script} FAILED (exit ${code}); its failure lines, then its last lines: ────\n${[...failures, '…', ...lines.slice(-25)].join('\n')}`);
  }
  return code;
}

// The deploy check follows the checks in the same lane: both use the processor, not the emulators.
const checks = runQuietly('checks', 'lint, type-check, unit tests').then(async (code) => {
  const deployCode = await runQuietly('deploy:check', 'production build, firebase.json, rules, indexes');
  return code !== 0 ? code : deployCode;
});
const emulators = run('npm', ['run', 'test:emulators']);
const [checksCode, emulatorsCode] = await Promise.all([checks, emulators]);
printLayerTimes(startedAt);
for (const tail of failureTails) console.error(tail);
if (checksCode !== 0) console.error(`npm test: the checks or the deploy check failed (exit ${checksCode}); their output is above.`);
if (emulatorsCode !== 0) console.error(`npm test: the emulator or browser tests failed (exit ${emulatorsCode}).`);
process.exit(checksCode !== 0 ? checksCode : emulatorsCode);
