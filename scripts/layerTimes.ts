/**
 * How long each layer of `npm test` took, printed at its end so a slow layer shows without reading
 * the log. Layers append a line each to one file, `label<TAB>seconds<TAB>passed|failed`, from Node or
 * from the shell command the emulators run (layerTimer below), since the layers run in different processes.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT } from './emulators';

export const LAYER_TIMES = join(ROOT, '.cache/layer-times.tsv');

export function resetLayerTimes(): void {
  rmSync(LAYER_TIMES, { force: true });
}

export function recordLayerTime(label: string, startedAt: number, code: number): void {
  mkdirSync(dirname(LAYER_TIMES), { recursive: true });
  appendFileSync(LAYER_TIMES, `${label}\t${Math.round((Date.now() - startedAt) / 1000)}\t${code === 0 ? 'passed' : 'failed'}\n`);
}

/** A shell command that runs `command` and records its time under `label` as recordLayerTime does. */
export function layerTimer(label: string, command: string): string {
  return `started=$(date +%s); ${command}; code=$?; printf '%s\\t%s\\t%s\\n' '${label}' $(($(date +%s) - started)) $([ $code -eq 0 ] && echo passed || echo failed) >> '${LAYER_TIMES}'; [ $code -eq 0 ]`;
}

export function printLayerTimes(totalStartedAt: number): void {
  const rows = existsSync(LAYER_TIMES)
    ? readFileSync(LAYER_TIMES, 'utf8').trim().split('\n').filter(Boolean).map((line) => line.split('\t') as [string, string, string])
    : [];
  const width = Math.max(10, ...rows.map(([label]) => label.length));
  console.log('\n──── time per layer ────');
  for (const [label, seconds, outcome] of rows) console.log(`${label.padEnd(width)}  ${seconds.padStart(4)} s  ${outcome}`);
  console.log(`${'npm test'.padEnd(width)}  ${String(Math.round((Date.now() - totalStartedAt) / 1000)).padStart(4)} s  (layers in parallel lanes)`);
}
