/**
 * `npm test`: every layer, in two lanes.
 * - The build for the emulators, then the browser journeys (one Chromium, one seeded database).
 *   Beside them, the emulator tests on emulators of their own (scripts/emulatorLayers.ts): at once
 *   where there are more than two cores; on two, once the checks have ended.
 * - Beside them, the checks (lint, type-check, unit tests), then the deploy check.
 * On two cores, with the emulator tests beside the journeys, a CI run took 8 min 30 s, none
 * retried; with them after the journeys, about 16 min 30 s on a slower machine of the same kind.
 * Journeys that failed under this load were defects found and fixed at their cause: the catalog
 * lost its place when a product was tapped before the shop's code had started (now kept in session
 * storage), and a journey measured a toast while it slid in.
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
// On two cores the emulator suite waits for the checks: three suites at once would only share the
// processor, and the checks end long before the journeys.
const emulator = Promise.all([built, availableParallelism() > 2 || checks]).then(([ok]) => (ok ? runEmulatorSuite([]) : undefined));
const checksCode = await checks;
const emulatorLayersCode = (await built) ? reportEmulatorLayers({ journeys: await journeys, emulator: await emulator }) : 1;
printLayerTimes(startedAt);
for (const tail of failureTails) console.error(tail);
if (checksCode !== 0) console.error(`npm test: the checks or the deploy check failed (exit ${checksCode}); their output is above.`);
if (emulatorLayersCode !== 0) console.error(`npm test: the emulator or browser tests failed (exit ${emulatorLayersCode}).`);
process.exit(checksCode !== 0 ? checksCode : emulatorLayersCode);
