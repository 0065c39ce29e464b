/**
 * `npm test`: every layer, in two lanes.
 * - The build for the emulators, then the browser journeys (one Chromium, one seeded database),
 *   then the emulator tests on emulators of their own (scripts/emulatorLayers.ts). Where there are
 *   more than two cores, the emulator tests start beside the journeys as soon as the build is done.
 *   On two, their emulators start (and the App Check run runs) once the checks end, while the
 *   journeys still run, and their tests start when the journeys end.
 * - Beside them, the checks (lint, type-check, unit tests), then the deploy check.
 * On two cores the journeys and the emulator tests run one after the other: both keep more than a
 * core busy, and at once every wait in them took twice as long. Started once the checks ended,
 * beside the journeys, the emulator tests made a CI run 1,934 s instead of 1,545 s, and a journey
 * failed on the busy machine. Measured again once the suites' processor was cut: `npm test` 831 s
 * instead of 920 s in one run, and a journey (the grid's scroll position on return) failed in the
 * next. The checks beside the emulator tests instead of the journeys moved the cost, not removed
 * it: journeys 822 s → 687 s, emulator tests 693 s → 859 s, `npm test` 1,610 s → 1,653 s. Holding
 * the emulator tests' start until the journeys end but starting their emulators before: 954 s →
 * 920 s.
 * The checks' output is printed in one piece when they end, the emulator tests' after the
 * journeys', and every failure again at the very end, where a CI log's tail shows it.
 */
import { availableParallelism } from 'node:os';
import { buildForEmulators, prepareEmulatorLayers, reportEmulatorLayers, runEmulatorSuite, runJourneys } from './emulatorLayers';
import { run } from './emulators';
import { printLayerTimes, recordLayerTime, resetLayerTimes } from './layerTimes';

const startedAt = Date.now();
resetLayerTimes();
// The checks run without the emulator layers' settings (the query recorder, the JVM's flags).
const checksEnv = { ...process.env };
prepareEmulatorLayers();

/** What a failed quiet script printed about its failures, repeated at the end of the run where a log's tail shows it. */
const failureTails: string[] = [];

/** Runs an npm script with its output held back, then prints it in one piece under a title. */
async function runQuietly(script: string, title: string): Promise<number> {
  const output: Buffer[] = [];
  const scriptStartedAt = Date.now();
  const code = await run('npm', ['run', script], checksEnv, (chunk) => output.push(chunk));
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
// A failed build (its output is above) runs neither suite.
const built = buildForEmulators();
const journeys = built.then((ok) => (ok ? runJourneys([]) : undefined));
// On two cores the emulator suite starts its emulators once the checks are done, and its tests
// once the journeys are.
const emulator =
  availableParallelism() > 2
    ? built.then((ok) => (ok ? runEmulatorSuite([]) : undefined))
    : Promise.all([built, checks]).then(([ok]) => (ok ? runEmulatorSuite([], { testsAfter: journeys }) : undefined));
const checksCode = await checks;
const emulatorLayersCode = (await built) ? reportEmulatorLayers({ journeys: await journeys, emulator: await emulator }) : 1;
printLayerTimes(startedAt);
for (const tail of failureTails) console.error(tail);
if (checksCode !== 0) console.error(`npm test: the checks or the deploy check failed (exit ${checksCode}); their output is above.`);
if (emulatorLayersCode !== 0) console.error(`npm test: the emulator or browser tests failed (exit ${emulatorLayersCode}).`);
process.exit(checksCode !== 0 ? checksCode : emulatorLayersCode);
