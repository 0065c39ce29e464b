/**
 * Performance budgets, checked by `npm test` after the web build (bench/check-budgets.ts) and
 * reported by `npm run bench`. Sizes are gzip KB (1 KB = 1024 bytes).
 */
import { HOME_PATH, kb, type BundleReport } from './bundle';

export const BUDGETS = {
  /**
   * JavaScript `/` loads before any interaction: the entry and the home page chunk. 150 until the
   * orders' and accounts' rules (invoices, returns, shipments) left it: the profile's role check
   * read dates with orderData's helper, which brought them all (146.8 KB since).
   */
  homeJsKb: 148,
  /**
   * JavaScript a route's lazy chunk adds to the entry when it is opened. Form pages carry zod and
   * react-hook-form (about 37 KB together; zod is not in the first load, whose React takes its
   * room). Pages for a signed-in user also bring the Firestore SDK and the Firebase app (about
   * 38 KB), which a visitor's first page does without; the admin pages may add Storage and tables.
   */
  routeJsKb: 60,
  /**
   * The cart: a buyer's most visited page, drawn in the browser, whose first paint waits for its
   * chunk. It was 41.6 KB with zod in it, 14.2 KB since the schemas load on the first read or check.
   */
  cartRouteJsKb: 20,
  /** The profile, quotes, checkout: with the orders' and accounts' rules since they left the first load (3.6 KB less there). */
  signedInRouteJsKb: 118,
  adminRouteJsKb: 130,
} as const;

/** What each page measured with Lighthouse (mobile) should reach; the bench shows a miss beside the figures. */
export const LIGHTHOUSE_TARGETS = { performance: 95, lcpMs: 2000, accessibility: 100, bestPractices: 100 } as const;

/** What the shop should reach at any catalog size (issue #46), shown beside each size's figures. */
export const SCALE_TARGETS = {
  /** Lighthouse mobile LCP of /, a search and a product page; of the cart; and their performance score. */
  pageLcpMs: 1800,
  cartLcpMs: 2000,
  performance: 95,
  firstSuggestionMs: 1000,
  /** p95 of searchPage straight from the function, warm, for a misspelt word and for a SKU. */
  searchP95Ms: 300,
  adminListMs: 1000,
  /** `npm run reindex-search` well under a minute. */
  indexBuildSeconds: 60,
} as const;

/** The targets a page misses, in words ("LCP over 2.0 s"); empty when it meets them all. */
export function lighthouseMisses(page: { performance: number; lcpMs: number; accessibility: number; bestPractices: number }): string[] {
  const t = LIGHTHOUSE_TARGETS;
  return [
    ...(page.performance < t.performance ? [`performance under ${t.performance}`] : []),
    ...(page.lcpMs > t.lcpMs ? [`LCP over ${(t.lcpMs / 1000).toFixed(1)} s`] : []),
    ...(page.accessibility < t.accessibility ? [`accessibility under ${t.accessibility}`] : []),
    ...(page.bestPractices < t.bestPractices ? [`best practices under ${t.bestPractices}`] : []),
  ];
}

/** Routes only a signed-in user opens (besides the back office's). */
const SIGNED_IN_ROUTES = ['/profile', '/quotes', '/checkout', '/order-confirmation'];

export function routeBudgetKb(paths: string[]): number {
  if (paths.length === 0) return BUDGETS.routeJsKb;
  if (paths.includes('/cart')) return BUDGETS.cartRouteJsKb;
  if (paths.every((path) => path.startsWith('/admin'))) return BUDGETS.adminRouteJsKb;
  if (paths.every((path) => SIGNED_IN_ROUTES.some((route) => path.startsWith(route)))) return BUDGETS.signedInRouteJsKb;
  return BUDGETS.routeJsKb;
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

/** Prints each budget line; false when one is exceeded (then `npm test` fails). */
export function checkBudgets(report: BundleReport, print: (line: string) => void = console.log): boolean {
  const lines = budgetLines(report);
  const width = Math.max(...lines.map((line) => line.what.length));
  print('Bundle budgets (gzip):');
  for (const line of lines) {
    print(`  ${line.ok ? 'ok  ' : 'OVER'}  ${line.what.padEnd(width)}  ${line.actualKb.toFixed(1).padStart(6)} KB of ${line.budgetKb} KB`);
  }
  const over = lines.filter((line) => !line.ok);
  if (over.length > 0) print(`\n${over.length} bundle budget(s) exceeded. Move heavy code into lazy pages or load it on first use (see README, Performance).`);
  return over.length === 0;
}
