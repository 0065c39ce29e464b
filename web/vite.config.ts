/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const readCounter = fileURLToPath(new URL('./src/app/firestoreReads.ts', import.meta.url));

/**
 * Resolves 'firebase/firestore/lite' to a copy that counts every document read
 * (src/app/firestoreReads.ts), for the benchmark and the read budget tests. Emulator builds only.
 */
export function countFirestoreReads(): Plugin {
  return {
    name: 'harbor:count-firestore-reads',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === 'firebase/firestore/lite' && importer !== readCounter ? readCounter : null;
    },
  };
}

export default defineConfig(({ mode }) => {
  const forEmulators = loadEnv(mode, webDir, 'VITE_').VITE_USE_EMULATORS === 'true';
  return {
    plugins: [react(), ...(forEmulators ? [countFirestoreReads()] : [])],
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
  };
});
