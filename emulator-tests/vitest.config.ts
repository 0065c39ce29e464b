import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { countFirestoreReads } from '../web/vite.config.ts';

// Runs under `firebase emulators:exec` (npm run test:emulators), which sets the emulator hosts.
// The web app's own queries run here too, counted like in an emulator build of the shop.
export default defineConfig({
  plugins: [countFirestoreReads()],
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
