/**
 * The record of `npm run bench`: every run's results as one JSON file in bench/history/, named by
 * the time it was measured (so the names sort by time), and the latest tables in README.md between
 * the bench markers of its performance section.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchResults } from './results';

/** "2026-11-23T17:05:12.345Z" -> "2026-11-23T17-05-12Z.json" (no colons, which some file systems refuse). */
export function historyFileName(measuredAt: string): string {
  return `${measuredAt.replace(/\.\d+Z$/, 'Z').replaceAll(':', '-')}.json`;
}

/** The latest run recorded in `dir`, or null when there is none. */
export function latestRun(dir: string): BenchResults | null {
  const runs = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.json')).sort() : [];
  const latest = runs.at(-1);
  if (!latest) return null;
  try {
    return JSON.parse(readFileSync(join(dir, latest), 'utf8')) as BenchResults;
  } catch (error) {
    throw new Error(`bench/history/${latest} could not be read; fix or remove it.`, { cause: error });
  }
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

/** `readme` with the text between the bench markers replaced by `markdown`. */
export function withBenchSection(readme: string, markdown: string): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) throw new Error(`README.md has no "${README_START}" ... "${README_END}" section for the bench's tables.`);
  return `${readme.slice(0, start + README_START.length)}\n\n${markdown.trim()}\n\n${readme.slice(end)}`;
}
