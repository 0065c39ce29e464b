import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'tooling',
    environment: 'node',
    include: ['**/*.test.ts'],
    // Linting with type-aware resolution takes a few seconds on a cold start.
    testTimeout: 60_000,
  },
});
