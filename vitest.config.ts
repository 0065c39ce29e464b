import { defineConfig } from 'vitest/config';

// Unit layer of `npm test`: pure rules (domain), components (web) and tooling (scripts, bench).
// The emulator and end-to-end layers have their own configs and run under `firebase emulators:exec`.
// Every project runs its files in worker threads (`pool: 'threads'` in each config: a project
// config file does not inherit this one). Each file still gets its own module graph and DOM, but
// a thread starts for less than a child process: the layer used 131 s of processor instead of
// 194 s on two cores.
export default defineConfig({
  test: {
    projects: ['domain/vitest.config.ts', 'web/vite.config.ts', 'scripts/vitest.config.ts', 'bench/vitest.config.ts'],
  },
});
