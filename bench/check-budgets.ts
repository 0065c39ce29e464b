/**
 * Fails when the built web app (web/dist) is over a bundle budget of bench/budgets.ts. Run by
 * `npm test` right after the web build: `tsx bench/check-budgets.ts`.
 */
import { budgetLines } from './budgets';
import { bundleReport } from './bundle';

const lines = budgetLines(bundleReport());
const width = Math.max(...lines.map((line) => line.what.length));
console.log('Bundle budgets (gzip):');
for (const line of lines) {
  console.log(`  ${line.ok ? 'ok  ' : 'OVER'}  ${line.what.padEnd(width)}  ${line.actualKb.toFixed(1).padStart(6)} KB of ${line.budgetKb} KB`);
}
const over = lines.filter((line) => !line.ok);
if (over.length > 0) {
  console.error(`\n${over.length} bundle budget(s) exceeded. Move heavy code into lazy pages or load it on first use (see README, Performance).`);
  process.exit(1);
}
