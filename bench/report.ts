/**
 * Rewrites bench/results.json, bench/results.md and README.md's bench section from the latest run
 * in bench/history/, beside the run before it, without measuring anything: after a change to how
 * runs are compared or shown. `npx tsx bench/report.ts`
 */
import { join } from 'node:path';
import { ROOT } from '../scripts/emulators';
import { latestRun, publishRun } from './history';
import { comparisonSummary } from './markdown';

const historyDir = join(ROOT, 'bench/history');
const latest = latestRun(historyDir);
if (!latest) throw new Error('bench/history/ holds no run yet: npm run bench records one.');
const previous = latestRun(historyDir, 1);
console.log(publishRun(ROOT, latest, previous));
console.log(comparisonSummary(latest, previous));
