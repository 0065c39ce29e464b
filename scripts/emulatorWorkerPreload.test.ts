import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { functionsNode, ROOT } from './emulators';

const preload = join(ROOT, 'scripts/emulatorWorkerPreload.cjs');

/**
 * Loads firebase-tools' worker runtime as the functions emulator starts a worker, and says which
 * of the modules the preload defers were loaded, and what the runtime's own helper still answers.
 */
function loadWorkerRuntime(env: NodeJS.ProcessEnv): { loaded: string[]; moduleRoot: string } {
  const script = `
    const shared = require('firebase-tools/lib/emulator/functionsEmulatorShared.js');
    require('firebase-tools/lib/emulator/functionsEmulatorRuntime.js');
    const loaded = Object.keys(require.cache).filter((file) => /firebase-tools\\/lib\\/(extensions\\/manifest|deploy\\/functions\\/backend|utils)\\.js$/.test(file));
    const moduleRoot = shared.findModuleRoot('firebase-functions', require.resolve('firebase-functions'));
    process.stdout.write(JSON.stringify({ loaded, moduleRoot }));
  `;
  const output = execFileSync(functionsNode(), ['--require', preload, '-e', script], { cwd: join(ROOT, 'functions'), env: { ...process.env, ...env }, encoding: 'utf8' });
  return JSON.parse(output) as { loaded: string[]; moduleRoot: string };
}

describe('the functions emulator worker preload', () => {
  it("starts a worker without firebase-tools' deploy planner, extensions manifest and CLI utilities, and its helpers still work", () => {
    const worker = loadWorkerRuntime({ FUNCTIONS_EMULATOR: 'true' });
    expect(worker.loaded).toEqual([]);
    expect(worker.moduleRoot).toMatch(/node_modules\/firebase-functions$/);
  });

  it('leaves every other process as it was', () => {
    const other = loadWorkerRuntime({ FUNCTIONS_EMULATOR: '' });
    expect(other.loaded.length).toBe(3);
    expect(other.moduleRoot).toMatch(/node_modules\/firebase-functions$/);
  });
});
