/**
 * `npm start` (the built shop on the hosting emulator) and `npm run dev` (Vite with hot reload).
 * Builds quietly, sends the emulators' output to a log file, and ends with a banner of where the
 * shop and its local services are. Ctrl-C reaches firebase-tools, which stops every emulator.
 */
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { BRAND } from '../domain/src/index';
import { seedProducts } from './catalog/products';
import {
  devShopUrl,
  emulatorsExec,
  HOST,
  mailInboxUrl,
  PROJECT_ID,
  ports,
  ROOT,
  run,
  SHOP_READY,
  shopEmulators,
  shopUrl,
  storageEmulatorAvailable,
  stripeStandInUrl,
  webEmulatorEnv,
} from './emulators';
import { demoAccounts } from './seed';

const dev = process.argv.includes('--dev');
const storage = storageEmulatorAvailable();
// `npm run dev` serves the shop from Vite: e-mails link there (the functions take the shop's address from its build).
const env = { ...webEmulatorEnv(storage.available), ...(dev ? { VITE_SITE_URL: devShopUrl } : {}) };
const logPath = join(ROOT, '.cache/emulators.log');

// Ctrl-C reaches the running step too (run() passes it on); here it is only noted and announced.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (!stopping) console.log('Stopping…');
    stopping = true;
  });
}
function exitIfStopped(): void {
  if (!stopping) return;
  console.log('Stopped.');
  process.exit(0);
}

/**
 * An npm script whose output is held back: shown when it fails, or when it warns, so a clean
 * start stays short without hiding a warning about our own code (a bundle grown too big, say).
 */
async function quietly(what: string, script: string, workspace: string, stepEnv = process.env): Promise<void> {
  const chunks: Buffer[] = [];
  const code = await run('npm', ['run', script, '-w', workspace, '--silent'], stepEnv, (chunk) => chunks.push(chunk));
  exitIfStopped();
  const output = Buffer.concat(chunks).toString();
  if (code !== 0 || /warn|\(!\)/i.test(output)) process.stdout.write(output);
  if (code === 0) return;
  console.error(`\n${what} failed (exit code ${code}).`);
  process.exit(code);
}

function lastLines(path: string, count: number): string {
  return readFileSync(path, 'utf8').trimEnd().split('\n').slice(-count).join('\n');
}

function banner(): string {
  const emulator = (port: number) => `http://${HOST}:${port}`;
  const rows: [string, string][] = [
    ['Shop', `${dev ? devShopUrl : shopUrl}  (${seedProducts.length} demo products${dev ? ', hot reload' : ''})`],
    ...demoAccounts.map((account): [string, string] => [account.label, `${account.email}  password ${account.password}`]),
    ['Auth', emulator(ports.auth)],
    ['E-mails', `${emulator(ports.auth)}/emulator/v1/projects/${PROJECT_ID}/oobCodes  (links Auth would have sent, e.g. password resets)`],
    ['Inbox', `${mailInboxUrl}  (every e-mail the shop sends, caught by maildev)`],
    ['Firestore', emulator(ports.firestore)],
    ['Functions', `${emulator(ports.functions)}/${PROJECT_ID}/us-central1/<name>`],
    ['Stripe', `${stripeStandInUrl}  (a stand-in of Stripe's API: online payments are confirmed with its test calls, docs/receivables.md)`],
    ['Task queues', `${emulator(ports.tasks)}/queueStats  (e-mail delivery and its retries)`],
    ['Storage', storage.available ? emulator(ports.storage) : `not started: ${storage.reason} (product images take a URL)`],
    ['Log', logPath],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return [
    '',
    `  ${BRAND.fullName} is running on the Firebase emulators.`,
    '',
    ...rows.map(([label, value]) => `  ${label.padEnd(width)} ${value}`),
    '',
    '  Ctrl-C stops everything.',
    '',
  ].join('\n');
}

console.log('Building the shop and the functions…');
// The shop first: the functions bundle its server renderer (even for `npm run dev`, whose pages
// the Vite dev server renders in the browser).
await quietly('Building the shop', 'build', 'web', env);
await quietly('Building the functions', 'build', 'functions');

console.log(`Starting the emulators; their output goes to ${logPath}`);
mkdirSync(join(ROOT, '.cache'), { recursive: true });
const log = openSync(logPath, 'w');
let ready = false;
let partialLine = '';
/** Copies the emulators' output to the log and prints the banner when serve.ts says the shop is ready. */
function toLog(chunk: Buffer): void {
  writeSync(log, chunk);
  if (ready) return;
  const lines = (partialLine + chunk.toString()).split('\n');
  partialLine = lines.pop() ?? '';
  if (!lines.includes(SHOP_READY)) return;
  ready = true;
  console.log(banner());
}

Object.assign(process.env, env);
// `npm run dev` serves the shop from Vite; the hosting emulator would serve a stale build.
const targets = shopEmulators(storage.available).filter((target) => !dev || target !== 'hosting');
const code = await emulatorsExec(`node_modules/.bin/tsx scripts/serve.ts${dev ? ' --dev' : ''}`, targets, { output: toLog });
closeSync(log);
exitIfStopped();
console.error(`\nThe emulators ${ready ? 'stopped unexpectedly' : 'did not start'}. The end of ${logPath}:\n`);
console.error(lastLines(logPath, 40));
console.error(`\nFull log: ${logPath}`);
process.exit(code || 1);
