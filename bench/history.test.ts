import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogSizes, historyFileName, latestRun, README_END, README_START, recordRun, withBenchSection } from './history';
import type { BenchResults } from './results';

const runAt = (measuredAt: string, products = 5_000) => ({ measuredAt, environment: { products } }) as BenchResults;

describe('bench history', () => {
  it('names a run by its time, so the names sort by time', () => {
    expect(historyFileName('2026-11-23T17:05:12.345Z')).toBe('2026-11-23T17-05-12Z.json');
  });

  it('records runs and finds the latest', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'bench-history-')), 'history');
    expect(latestRun(dir, 5_000)).toBeNull();
    recordRun(dir, runAt('2026-11-24T08:00:00.000Z'));
    recordRun(dir, runAt('2026-11-23T17:05:12.000Z'));
    writeFileSync(join(dir, 'notes.txt'), 'not a run');
    expect(readdirSync(dir).sort()).toEqual(['2026-11-23T17-05-12Z.json', '2026-11-24T08-00-00Z.json', 'notes.txt']);
    expect(latestRun(dir, 5_000)?.measuredAt).toBe('2026-11-24T08:00:00.000Z');
  });

  it('compares a run with the runs of its own catalog size only', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'bench-history-')), 'history');
    recordRun(dir, runAt('2026-11-27T08:00:00.000Z'));
    recordRun(dir, runAt('2026-11-28T08:00:00.000Z', 100_000));
    recordRun(dir, runAt('2026-11-28T09:00:00.000Z'));
    recordRun(dir, runAt('2026-11-28T10:00:00.000Z', 100_000));
    expect(latestRun(dir, 5_000)?.measuredAt).toBe('2026-11-28T09:00:00.000Z');
    expect(latestRun(dir, 5_000, 1)?.measuredAt).toBe('2026-11-27T08:00:00.000Z');
    expect(latestRun(dir, 100_000, 1)?.measuredAt).toBe('2026-11-28T08:00:00.000Z');
    expect(latestRun(dir, 20_000)).toBeNull();
    expect(catalogSizes([runAt('a', 100_000), runAt('b'), runAt('c', 100_000)])).toEqual([5_000, 100_000]);
  });

  it('replaces only what is between the README markers, and refuses a README without them', () => {
    const readme = `# Shop\n\n${README_START}\nold table\n${README_END}\n\nAfter.\n`;
    expect(withBenchSection(readme, '| new |\n')).toBe(`# Shop\n\n${README_START}\n\n| new |\n\n${README_END}\n\nAfter.\n`);
    expect(() => withBenchSection('# Shop\n', 'x')).toThrow(/bench:start/);
  });
});
