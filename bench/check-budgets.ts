/**
 * Fails when the built web app (web/dist) is over a bundle budget of bench/budgets.ts. Run by
 * `npm test` right after the web build: `tsx bench/check-budgets.ts`.
 */
import { checkBudgets } from './budgets';
import { bundleReport } from './bundle';

if (!checkBudgets(bundleReport())) process.exit(1);
