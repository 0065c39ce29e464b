/**
 * A production build of the shop without the real project's Firebase config fails with a message
 * that says what is missing, instead of shipping a shop that talks to a demo project.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const webDir = fileURLToPath(new URL('../web', import.meta.url));

describe('production build', () => {
  it('fails with the missing Firebase settings named when the API key is unset', () => {
    // Variables set here win over web/.env.production.local, so a developer's own config does not matter.
    const env = { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_'))), VITE_FIREBASE_API_KEY: '' };
    const build = spawnSync(process.execPath, ['../node_modules/vite/bin/vite.js', 'build', '--mode', 'production', '--outDir', '../.cache/production-build-test'], {
      cwd: webDir,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(build.status).not.toBe(0);
    expect(build.stderr + build.stdout).toContain('The production build needs the Firebase web app config');
    expect(build.stderr + build.stdout).toContain('VITE_FIREBASE_API_KEY (the web API key)');
  });
});
