import { defineConfig } from 'vitest/config';

// Unit layer of `npm test`: pure rules (domain), components (web) and tooling (scripts, bench).
// The emulator and end-to-end layers have their own configs and run under `firebase emulators:exec`.
export default defineConfig({
  test: {
    projects: ['domain/vitest.config.ts', 'web/vite.config.ts', 'scripts/vitest.config.ts', 'bench/vitest.config.ts'],
  },
});
