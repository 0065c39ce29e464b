import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { functionsNode, ROOT } from './emulators';

const sharedWorkers = join(ROOT, 'scripts/sharedFunctionWorkers.cjs');

/**
 * Loads firebase-tools' functions emulator as `firebase emulators:exec` does, with the script
 * preloaded, and says which pool key two functions get and what a worker's environment says.
 */
function loadFunctionsEmulator(switchedOn: boolean): { keys: string[]; debugMode: string | undefined } {
  const script = `
    const { FunctionsEmulator } = require('firebase-tools/lib/emulator/functionsEmulator.js');
    const { RuntimeWorkerPool } = require('firebase-tools/lib/emulator/functionsRuntimeWorker.js');
    const pool = new RuntimeWorkerPool();
    const emulator = Object.create(FunctionsEmulator.prototype);
    emulator.args = {};
    emulator.debugMode = false;
    const envs = emulator.getEmulatorEnvs();
    process.stdout.write(JSON.stringify({ keys: [pool.getKey('us-central1-placeOrder'), pool.getKey('us-central1-deliverMail')], debugMode: envs.FUNCTION_DEBUG_MODE }));
  `;
  const env = { ...process.env, HARBOR_SHARED_FUNCTION_WORKERS: switchedOn ? '1' : '0' };
  const output = execFileSync(functionsNode(), ['--require', sharedWorkers, '-e', script], { cwd: ROOT, env, encoding: 'utf8' });
  return JSON.parse(output) as { keys: string[]; debugMode: string | undefined };
}

describe('one pool of function workers for every function', () => {
  it("puts every function's calls into one pool, and has each worker told which function to run", () => {
    const shared = loadFunctionsEmulator(true);
    expect(new Set(shared.keys).size).toBe(1);
    expect(shared.debugMode).toBe('true');
  });

  it('leaves the emulator as it is when not switched on', () => {
    expect(loadFunctionsEmulator(false)).toEqual({ keys: ['us-central1-placeOrder', 'us-central1-deliverMail'] });
  });
});

describe("a shared function worker's answer", () => {
  it('says, once the runtime has taken a message, that it took the function, as a runtime log line', async () => {
    const child = spawn(functionsNode(), ['--require', sharedWorkers, '-e', 'setTimeout(() => {}, 10_000)'], {
      env: { ...process.env, HARBOR_SHARED_FUNCTION_WORKERS: '1', FUNCTIONS_EMULATOR: 'true' },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    try {
      const answer = new Promise<unknown>((resolve) => child.once('message', resolve));
      child.send(JSON.stringify({ functionTarget: 'placeOrder', functionSignature: 'http' }));
      const line = String(await answer);
      expect(line.endsWith('\n')).toBe(true);
      expect(JSON.parse(line)).toMatchObject({ level: 'DEBUG', type: 'harbor-function-taken' });
    } finally {
      child.kill();
    }
  });
});
