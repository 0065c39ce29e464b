/**
 * Performance budgets, checked by `npm test` after the web build (bench/check-budgets.ts) and
 * reported by `npm run bench`. Sizes are gzip KB (1 KB = 1024 bytes).
 */
import { HOME_PATH, kb, type BundleReport } from './bundle';

export const BUDGETS = {
  /** JavaScript `/` loads before any interaction: the entry and the home page chunk. */
  homeJsKb: 170,
  /**
   * JavaScript a route's lazy chunk adds to the entry when it is opened. Form pages carry zod and
   * react-hook-form (about 37 KB together); the admin pages may add Storage and tables.
   */
  routeJsKb: 60,
  adminRouteJsKb: 90,
} as const;

export function routeBudgetKb(paths: string[]): number {
  return paths.every((path) => path.startsWith('/admin')) && paths.length > 0 ? BUDGETS.adminRouteJsKb : BUDGETS.routeJsKb;
}

export interface BudgetLine {
  what: string;
  actualKb: number;
  budgetKb: number;
  ok: boolean;
}

export function budgetLines(report: BundleReport): BudgetLine[] {
  const line = (what: string, bytes: number, budgetKb: number): BudgetLine => ({ what, actualKb: kb(bytes), budgetKb, ok: kb(bytes) <= budgetKb });
  return [
    line(`JavaScript loaded by ${HOME_PATH}`, report.home.jsGzipBytes, BUDGETS.homeJsKb),
    ...report.routes.map((route) => line(`route chunk ${route.paths.join(', ') || route.page}`, route.added.jsGzipBytes, routeBudgetKb(route.paths))),
  ];
}
