import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { countFirestoreReads } from '../web/vite.config.ts';
import { readWebConfig } from '../web/src/config/webConfig.ts';
import { webEmulatorEnv } from '../scripts/emulators.ts';
import { TestFileOrder } from './testFileOrder.ts';

// Runs under `firebase emulators:exec` (npm run test:emulators), which sets the emulator hosts.
// The web app's own queries run here too, counted like in an emulator build of the shop.
export default defineConfig({
  plugins: [countFirestoreReads()],
  // The web modules under test read their settings as an emulator build for these emulators does
  // (their ports shifted by HARBOR_PORT_OFFSET).
  define: { __HARBOR_CONFIG__: JSON.stringify(readWebConfig(webEmulatorEnv(process.env.HARBOR_STORAGE === '1'), { requireProject: false })) },
  test: {
    name: 'emulator',
    environment: 'node',
    include: ['emulator-tests/**/*.test.ts'],
    root: fileURLToPath(new URL('..', import.meta.url)),
    fileParallelism: false,
    // One module graph for every file, as the files run one after another anyway: each file
    // loaded the Firebase SDKs, the functions' and the web's modules again in a new process.
    isolate: false,
    sequence: { sequencer: TestFileOrder },
    testTimeout: 30_000,
    // Cases that change nothing run side by side: the rules matrix's on one baseline, and the
    // hostile input's, one callable beside another.
    maxConcurrency: 10,
    hookTimeout: 60_000,
  },
});
