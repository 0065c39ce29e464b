// Bundles the callables and the shared domain package into one self-contained lib/index.js,
// so a deploy uploads no workspace links. The npm dependencies (firebase-functions, firebase-admin,
// nodemailer, mjml, pdf-lib) stay external: Cloud Build installs them from package.json.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/index.ts'],
  outfile: 'lib/index.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external: ['firebase-functions', 'firebase-admin', 'nodemailer', 'mjml', 'pdf-lib'],
  logLevel: 'warning',
});
