/**
 * Rewrites bench/results.json, bench/results.md and README.md's bench section from the latest run
 * of each catalog size in bench/history/, each beside the run of its size before it, without
 * measuring anything: after a change to how runs are compared or shown. `npx tsx bench/report.ts`
 */
import { join } from 'node:path';
import { ROOT } from '../scripts/emulators';
import { publishHistory } from './history';

console.log(publishHistory(ROOT, join(ROOT, 'bench/history')));
