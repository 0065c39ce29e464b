import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Runs under `firebase emulators:exec` (npm run test:emulators), which sets the emulator hosts.
export default defineConfig({
  test: {
    name: 'emulator',
    environment: 'node',
    include: ['emulator-tests/**/*.test.ts'],
    root: fileURLToPath(new URL('..', import.meta.url)),
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
