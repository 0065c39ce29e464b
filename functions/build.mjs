// Bundles the callables and the shared domain package into one self-contained lib/index.js,
// so a deploy uploads no workspace links. The npm dependencies (firebase-functions, firebase-admin,
// nodemailer, mjml, pdf-lib) stay external: Cloud Build installs them from package.json.
// The deploy check (scripts/deploy/functionEndpoints.ts) bundles with the same options in memory.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The web app's server renderer (renderPage.ts), built by `npm run build -w web`, which must run
// first (beside the browser build: web/dist-server, or HARBOR_WEB_OUT with "-server").
const webOut = process.env.HARBOR_WEB_OUT ? resolve(process.env.HARBOR_WEB_OUT) : fileURLToPath(new URL('../web/dist', import.meta.url));
const shopRenderer = `${webOut}-server/server.js`;
// The shop's address that build is for (its VITE_SITE_URL, else Hosting's default domain; web/vite.config.ts).
const shopAddress = `${webOut}-server/shop.json`;
const shopUrl = existsSync(shopAddress) ? JSON.parse(readFileSync(shopAddress, 'utf8')).siteUrl : undefined;

/**
 * The code that draws the PDFs (src/pdf.ts), by its hash: a PDF kept from before a change to it is
 * drawn again (documentPdf, src/orderDocuments.ts).
 */
const pdfDrawing = createHash('sha256').update(readFileSync(new URL('src/pdf.ts', import.meta.url))).digest('hex').slice(0, 16);

export const buildOptions = {
  entryPoints: [fileURLToPath(new URL('src/index.ts', import.meta.url))],
  outfile: fileURLToPath(new URL('lib/index.js', import.meta.url)),
  bundle: true,
  platform: 'node',
  // The runtime firebase.json deploys on (nodejs24).
  target: 'node24',
  format: 'cjs',
  sourcemap: true,
  // ./renderer.js: the server renderer's own bundle (below), loaded at run time by renderPage.
  external: ['firebase-functions', 'firebase-admin', 'nodemailer', 'mjml', 'pdf-lib', './renderer.js'],
  define: {
    'process.env.HARBOR_PDF_DRAWING': JSON.stringify(pdfDrawing),
    // E-mails link to the shop the functions are deployed with (functions/src/mail/shopUrl.ts).
    ...(shopUrl ? { 'process.env.HARBOR_SHOP_URL': JSON.stringify(shopUrl) } : {}),
  },
  logLevel: 'warning',
};

/**
 * The server renderer with React and the web app's libraries, in a bundle of its own beside
 * index.js (lib/renderer.js): only renderPage loads it, on its first request, so the other
 * functions' cold starts do not parse it.
 */
export const rendererBuildOptions = {
  ...buildOptions,
  entryPoints: [shopRenderer],
  outfile: fileURLToPath(new URL('lib/renderer.js', import.meta.url)),
  external: [],
  // React's production build only (its development build renders slower and both would be bundled).
  define: { 'process.env.NODE_ENV': '"production"' },
  minify: true,
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!existsSync(shopRenderer) || !shopUrl) {
    console.error('The functions bundle the web app\'s server renderer: build the web app first (npm run build -w web, or npm run build for both).');
    process.exit(1);
  }
  await Promise.all([build(buildOptions), build(rendererBuildOptions)]);
}
