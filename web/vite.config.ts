/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: true,
    // The manifest lets the performance budget (bench/check-budgets.ts) see what each route loads.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // Building a zod schema has no side effect, so schemas nobody uses are left out of the bundle.
        manualPureFunctions: ['z'],
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
