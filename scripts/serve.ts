/**
 * Runs inside `firebase emulators:exec` for `npm start` and `npm run dev`: seeds the demo data,
 * prints where the shop is and how to sign in, and keeps the emulators up until Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { BRAND } from '../domain/src/index';
import { seedProducts } from './catalog/products';
import { ROOT } from './emulators';
import { demoAccounts, seed } from './seed';

const dev = process.argv.includes('--dev');
await seed();

const url = dev ? 'http://localhost:5173' : (process.env.HARBOR_SHOP_URL ?? '');
const lines = [
  '',
  `  ${BRAND.fullName} is running on the Firebase emulators.`,
  '',
  `  Shop:      ${url}`,
  `  Catalog:   ${seedProducts.length} demo products`,
  ...demoAccounts.map((account) => `  ${(account.role ? 'Admin:' : 'Shopper:').padEnd(10)} ${account.email.padEnd(20)} password ${account.password}`),
  '',
  '  Press Ctrl-C to stop.',
  '',
];
console.log(lines.join('\n'));

// The VITE_* settings for the emulators come from start.ts through the environment.
const vite = dev ? spawn(join(ROOT, 'node_modules/.bin/vite'), ['--mode', 'emulator'], { cwd: join(ROOT, 'web'), stdio: 'inherit' }) : null;
vite?.on('exit', (code) => process.exit(code ?? 0));

function stop(): never {
  vite?.kill('SIGTERM');
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

// Stay up while the emulators are; when they stop (Ctrl-C reached firebase-tools), stop too.
const hub = process.env.FIREBASE_EMULATOR_HUB;
setInterval(() => {
  if (!hub) return;
  fetch(`http://${hub}/emulators`).catch(stop);
}, 2_000);
