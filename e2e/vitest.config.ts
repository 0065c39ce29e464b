import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Runs under `firebase emulators:exec` after the emulator tests; the hosting emulator serves the
// web bundle built for the emulators.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/globalSetup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // What a page shows may wait on the emulators (a function's cold start, a busy machine).
    expect: { poll: { timeout: 15_000 } },
  },
});
