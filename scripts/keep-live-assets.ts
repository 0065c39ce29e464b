/**
 * Hosting's predeploy, after the web build: copies the assets of the release that is live now into
 * the new build (web/dist/assets), so the new release still serves them. A page the CDN or a
 * browser got before the deploy, or one the renderPage function still renders until its own
 * deploy (functions deploy after hosting), names those files; without them its scripts and its
 * lazily loaded pages would answer 404. One release back is kept: each build lists its own assets
 * in `assets.json` (web/vite.config.ts), which the next deploy reads here.
 *
 * The live site is VITE_SITE_URL, else https://<project>.web.app, from the same settings as the
 * build. A site that has no `assets.json` yet (the first deploy) keeps nothing.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadEnv } from 'vite';
import { readWebConfig } from '../web/src/config/webConfig';
import { ASSET_LIST_FILE } from '../web/src/config/paths';
import { ROOT } from './emulators';

const webDir = join(ROOT, 'web');
const dist = join(webDir, 'dist');
const { siteUrl } = readWebConfig({ ...loadEnv('production', webDir, 'VITE_'), ...process.env }, { requireProject: true });

const listed = await fetch(`${siteUrl}/${ASSET_LIST_FILE}`);
if (!listed.ok && listed.status !== 404) throw new Error(`${siteUrl}/${ASSET_LIST_FILE} answered ${listed.status}: deploy again when the live site answers.`);
// A release from before this file existed answers with its app page (HTML) or 404: nothing to keep.
const list: unknown = listed.ok && listed.headers.get('content-type')?.includes('json') ? await listed.json().catch(() => null) : null;
const files = (list as { files?: unknown } | null)?.files;
if (!Array.isArray(files)) {
  console.log(`${siteUrl} lists no assets: nothing to keep.`);
  process.exit(0);
}
let kept = 0;
for (const file of files) {
  // Only the build's own hashed files, never a path out of the build.
  if (typeof file !== 'string' || !/^assets\/[\w.-]+$/.test(file) || existsSync(join(dist, file))) continue;
  const response = await fetch(`${siteUrl}/${file}`);
  if (!response.ok) throw new Error(`${siteUrl}/${file} answered ${response.status}: the live release is incomplete.`);
  mkdirSync(dirname(join(dist, file)), { recursive: true });
  writeFileSync(join(dist, file), Buffer.from(await response.arrayBuffer()));
  kept++;
}
console.log(`Kept ${kept} files of the live release (${files.length} listed) in web/dist/assets.`);
