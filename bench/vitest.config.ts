import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'bench',
    environment: 'node',
    // Worker threads start for less than child processes (../vitest.config.ts).
    pool: 'threads',
    include: ['*.test.ts'],
    // No mocks and no module state between files: one module graph for every file.
    isolate: false,
  },
});
