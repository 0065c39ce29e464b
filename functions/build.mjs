// Bundles the callables and the shared domain package into one self-contained lib/index.js,
// so a deploy uploads no workspace links. The npm dependencies (firebase-functions, firebase-admin,
// nodemailer, mjml, pdf-lib) stay external: Cloud Build installs them from package.json.
// The deploy check (scripts/deploy/functionEndpoints.ts) bundles with the same options in memory.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

export const buildOptions = {
  entryPoints: [fileURLToPath(new URL('src/index.ts', import.meta.url))],
  outfile: fileURLToPath(new URL('lib/index.js', import.meta.url)),
  bundle: true,
  platform: 'node',
  // The runtime firebase.json deploys on (nodejs24).
  target: 'node24',
  format: 'cjs',
  sourcemap: true,
  external: ['firebase-functions', 'firebase-admin', 'nodemailer', 'mjml', 'pdf-lib'],
  logLevel: 'warning',
};

if (process.argv[1] === fileURLToPath(import.meta.url)) await build(buildOptions);
