import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'domain',
    environment: 'node',
    // Worker threads start for less than child processes (../vitest.config.ts).
    pool: 'threads',
    // Pure functions, no mocks and no module state between files: one module graph for every file
    // runs the layer in a third of the time.
    isolate: false,
    include: ['src/**/*.test.ts'],
  },
});
