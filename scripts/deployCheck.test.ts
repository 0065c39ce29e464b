/**
 * `npm run deploy:check` refuses a firebase.json that would not deploy or would break the shop once
 * deployed: each problem is planted in a copy, and the command must fail naming it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cspSourceAllows } from './deploy/firebaseConfigCheck';
import { ROOT } from './emulators';

type Config = {
  functions: { runtime: string }[];
  hosting: {
    rewrites: { source: string; destination?: string; function?: { functionId: string } }[];
    headers: { source?: string; regex?: string; headers: { key: string; value: string }[] }[];
  };
};

/** Runs deploy:check on a copy of firebase.json changed by `plant`, without the web build and the rules engine. */
function deployCheck(plant: (config: Config) => void): Promise<{ code: number; output: string }> {
  const config = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as Config;
  plant(config);
  const path = join(mkdtempSync(join(tmpdir(), 'deploy-check-')), 'firebase.json');
  writeFileSync(path, JSON.stringify(config));
  return new Promise((resolve) => {
    const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['scripts/deploy-check.ts', '--config', path, '--skip-build', '--skip-rules'], { cwd: ROOT });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

function csp(config: Config): { value: string } {
  return config.hosting.headers.find((rule) => rule.source === '**')!.headers.find((header) => header.key === 'Content-Security-Policy')!;
}

describe('npm run deploy:check', () => {
  it('passes the committed firebase.json and fails each planted problem with a line that names it', async () => {
    const [committed, oldRuntime, missingFunction, cspWithoutFunctions, shellCached] = await Promise.all([
      deployCheck(() => {}),
      deployCheck((config) => {
        config.functions[0]!.runtime = 'nodejs20';
      }),
      deployCheck((config) => {
        config.hosting.rewrites.find((rewrite) => rewrite.function)!.function!.functionId = 'searchPages';
      }),
      deployCheck((config) => {
        csp(config).value = csp(config).value.replace(' https://*.cloudfunctions.net', '');
      }),
      deployCheck((config) => {
        config.hosting.rewrites.push({ source: '/invoices/**', destination: '/app.html' });
      }),
    ]);
    expect(committed.output).toContain('ready to deploy');
    expect(committed.code).toBe(0);
    expect(oldRuntime.code).toBe(1);
    expect(oldRuntime.output).toMatch(/PROBLEM functions \(functions\): runtime nodejs20 was decommissioned on 2026-10-30/);
    expect(oldRuntime.output).toContain('package.json engines.node is 24, firebase.json deploys nodejs20');
    expect(missingFunction.code).toBe(1);
    expect(missingFunction.output).toContain('PROBLEM rewrite /search-index.json: function searchPages is not exported by the functions');
    expect(cspWithoutFunctions.code).toBe(1);
    expect(cspWithoutFunctions.output).toContain('PROBLEM Content-Security-Policy: connect-src does not allow https://us-central1-harbor-example.cloudfunctions.net, which the app calls');
    expect(shellCached.code).toBe(1);
    expect(shellCached.output).toContain('PROBLEM rewrite /invoices/**: no header rule gives /invoices/page "Cache-Control: no-cache"');
  });
});

describe('cspSourceAllows', () => {
  const url = (text: string) => new URL(text);
  it('matches hosts exactly, wildcards to subdomains only, paths as prefixes when they end with a slash', () => {
    expect(cspSourceAllows('https://firestore.googleapis.com', url('https://firestore.googleapis.com'))).toBe(true);
    expect(cspSourceAllows('https://firestore.googleapis.com', url('https://evil-firestore.googleapis.com'))).toBe(false);
    expect(cspSourceAllows('https://*.cloudfunctions.net', url('https://us-central1-p.cloudfunctions.net'))).toBe(true);
    expect(cspSourceAllows('https://*.cloudfunctions.net', url('https://cloudfunctions.net'))).toBe(false);
    expect(cspSourceAllows('https://*.cloudfunctions.net', url('http://us-central1-p.cloudfunctions.net'))).toBe(false);
    expect(cspSourceAllows('https://www.google.com/recaptcha/', url('https://www.google.com/recaptcha/'))).toBe(true);
    expect(cspSourceAllows('https://www.google.com/recaptcha/', url('https://www.google.com/maps/'))).toBe(false);
    expect(cspSourceAllows('https:', url('https://anything.example'))).toBe(true);
    expect(cspSourceAllows("'self'", url('https://anything.example'))).toBe(false);
  });
});
