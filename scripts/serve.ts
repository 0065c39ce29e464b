/**
 * Runs inside `firebase emulators:exec` for `npm start` and `npm run dev`: seeds the demo data,
 * starts Vite for `npm run dev`, says when the shop is ready (start.ts then prints where everything
 * is), and keeps the emulators up until Ctrl-C.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { devShopUrl, ROOT, SHOP_READY } from './emulators';
import { seed } from './seed';

const dev = process.argv.includes('--dev');
let vite: ChildProcess | undefined;

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

async function untilAnswering(url: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await fetch(url);
      return;
    } catch (error) {
      if (attempt === 120) throw new Error(`${url} did not answer within a minute.`, { cause: error });
      await sleep(500);
    }
  }
}

await seed();
if (dev) {
  // The VITE_* settings for the emulators come from start.ts through the environment.
  const port = new URL(devShopUrl).port;
  vite = spawn(join(ROOT, 'node_modules/.bin/vite'), ['--mode', 'emulator', '--port', port, '--strictPort'], { cwd: join(ROOT, 'web'), stdio: 'inherit' });
  vite.on('exit', (code) => process.exit(code ?? 1));
  await untilAnswering(devShopUrl);
}
console.log(SHOP_READY);
