import { describe, expect, it } from 'vitest';
import { BUDGETS, checkBudgets, lighthouseMisses, routeBudgetKb } from './budgets';
import type { BundleReport, LoadSize } from './bundle';

const size = (jsKb: number): LoadSize => ({ jsGzipBytes: Math.round(jsKb * 1024), cssGzipBytes: 0, assets: [] });

function report(homeJsKb: number, cartJsKb = 15): BundleReport {
  return { entry: size(homeJsKb - 6), home: size(homeJsKb), routes: [{ paths: ['/cart'], page: 'src/features/cart/pages/CartPage.tsx', added: size(cartJsKb) }] };
}

function check(bundle: BundleReport): { ok: boolean; output: string } {
  const printed: string[] = [];
  const ok = checkBudgets(bundle, (line) => printed.push(line));
  return { ok, output: printed.join('\n') };
}

describe('bundle budgets (npm test runs checkBudgets on the web build)', () => {
  it('holds the first load of / to 148 KB of JavaScript', () => {
    expect(BUDGETS.homeJsKb).toBe(148);
  });

  it('passes at the budget and fails just above it, naming what is over', () => {
    expect(check(report(148)).ok).toBe(true);
    const over = check(report(148.2));
    expect(over.ok).toBe(false);
    expect(over.output).toMatch(/OVER {2}JavaScript loaded by \/ +148\.2 KB of 148 KB/);
    expect(over.output).toContain('1 bundle budget(s) exceeded');
  });

  it('fails when a route chunk is over its budget', () => {
    const over = check(report(120, 20.3));
    expect(over.ok).toBe(false);
    expect(over.output).toMatch(/OVER {2}route chunk \/cart +20\.3 KB of 20 KB/);
  });

  it('holds the cart, drawn in the browser before it paints, to less than the other public pages', () => {
    expect(routeBudgetKb(['/cart'])).toBe(20);
    expect(routeBudgetKb(['/product/:id'])).toBe(60);
    expect(routeBudgetKb(['/checkout'])).toBe(118);
    expect(routeBudgetKb(['/admin/products'])).toBe(130);
  });
});

describe('Lighthouse targets (shown by npm run bench)', () => {
  const page = { performance: 95, lcpMs: 2000, accessibility: 100, bestPractices: 100 };

  it('are met at performance 95, LCP 2.0 s and accessibility and best practices 100', () => {
    expect(lighthouseMisses(page)).toEqual([]);
  });

  it('name each target a page misses', () => {
    expect(lighthouseMisses({ ...page, performance: 94, lcpMs: 2001 })).toEqual(['performance under 95', 'LCP over 2.0 s']);
    expect(lighthouseMisses({ ...page, accessibility: 98, bestPractices: 96 })).toEqual(['accessibility under 100', 'best practices under 100']);
  });
});
