/**
 * The record of `npm run bench`: every run's results as one JSON file in bench/history/, named by
 * the time it was measured (so the names sort by time), and the latest tables in README.md between
 * the bench markers of its performance section.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resultsMarkdown, sizesMarkdown } from './markdown';
import type { BenchResults } from './results';

/** "2026-11-23T17:05:12.345Z" -> "2026-11-23T17-05-12Z.json" (no colons, which some file systems refuse). */
export function historyFileName(measuredAt: string): string {
  return `${measuredAt.replace(/\.\d+Z$/, 'Z').replaceAll(':', '-')}.json`;
}

/** The runs recorded in `dir`, oldest first; `skipLatest` leaves out the newest ones. */
export function recordedRuns(dir: string, skipLatest = 0): BenchResults[] {
  const names = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.json')).sort() : [];
  return names.slice(0, names.length - skipLatest).map((name) => {
    try {
      return JSON.parse(readFileSync(join(dir, name), 'utf8')) as BenchResults;
    } catch (error) {
      throw new Error(`bench/history/${name} could not be read; fix or remove it.`, { cause: error });
    }
  });
}

/** The latest run recorded in `dir` of a catalog of `products` (or the one before it, with `skipLatest` 1), or null. */
export function latestRun(dir: string, products: number, skipLatest = 0): BenchResults | null {
  return latestOfSize(recordedRuns(dir), products, skipLatest);
}

function latestOfSize(runs: readonly BenchResults[], products: number, skipLatest = 0): BenchResults | null {
  const ofSize = runs.filter((run) => run.environment.products === products);
  return ofSize[ofSize.length - 1 - skipLatest] ?? null;
}

/** The catalog sizes the runs measured, smallest first. */
export function catalogSizes(runs: readonly BenchResults[]): number[] {
  return [...new Set(runs.map((run) => run.environment.products))].sort((a, b) => a - b);
}

/** Adds a run to the history; returns the file written. */
export function recordRun(dir: string, results: BenchResults): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, historyFileName(results.measuredAt));
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}

export const README_START = '<!-- bench:start (written by npm run bench) -->';
export const README_END = '<!-- bench:end -->';

/**
 * Writes the latest run of each catalog size in the history `dir`, each beside the run of that size
 * before it: bench/results.json (the runs by size), bench/results.md and README.md's bench section.
 * Returns the tables.
 */
export function publishHistory(root: string, dir: string): string {
  const runs = recordedRuns(dir);
  const sizes = catalogSizes(runs);
  if (sizes.length === 0) throw new Error('bench/history/ holds no run yet: npm run bench records one.');
  const latest = sizes.map((products) => latestOfSize(runs, products)!);
  const markdown = [
    sizesMarkdown(latest),
    ...sizes.map((products, at) => `#### ${products.toLocaleString('en-US')} products\n\n${resultsMarkdown(latest[at]!, latestOfSize(runs, products, 1))}`),
  ].join('\n\n');
  const bySize = Object.fromEntries(latest.map((run) => [String(run.environment.products), run]));
  writeFileSync(join(root, 'bench/results.json'), `${JSON.stringify(bySize, null, 2)}\n`);
  writeFileSync(join(root, 'bench/results.md'), markdown);
  const readme = join(root, 'README.md');
  writeFileSync(readme, withBenchSection(readFileSync(readme, 'utf8'), markdown));
  return markdown;
}

/** `readme` with the text between the bench markers replaced by `markdown`. */
export function withBenchSection(readme: string, markdown: string): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) throw new Error(`README.md has no "${README_START}" ... "${README_END}" section for the bench's tables.`);
  return `${readme.slice(0, start + README_START.length)}\n\n${markdown.trim()}\n\n${readme.slice(end)}`;
}
