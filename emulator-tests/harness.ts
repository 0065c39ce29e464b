/**
 * Clients for the emulator tests: the rules test environment, an Admin SDK for arranging and
 * inspecting data, and signed-in web SDK clients that call the callables as a browser would.
 */
import { readFileSync } from 'node:fs';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { deleteApp, initializeApp as initializeClientApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, createUserWithEmailAndPassword, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectFirestoreEmulator, doc, getFirestore, setDoc, setLogLevel, type DocumentData } from 'firebase/firestore';
import type { Firestore as LiteFirestore } from 'firebase/firestore/lite';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore as getAdminFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { shopUrl } from '../scripts/emulators';
import { SEARCH_INDEX_PATH } from '../web/src/config/paths';

// Denied writes are the point of many tests; the SDK's per-denial warnings would bury real output.
setLogLevel('silent');

export const PROJECT_ID = process.env.GCLOUD_PROJECT ?? 'demo-harbor';

function hostAndPort(variable: string): { host: string; port: number } {
  const value = process.env[variable];
  if (!value) throw new Error(`${variable} is not set: run the emulator tests with "npm run test:emulators".`);
  const [host = '127.0.0.1', port = '0'] = value.split(':');
  return { host, port: Number(port) };
}

export const firestoreHost = hostAndPort('FIRESTORE_EMULATOR_HOST');
export const authHost = hostAndPort('FIREBASE_AUTH_EMULATOR_HOST');

/** The emulator's Firestore as the web app reads it over REST, as anyone (web/src/lib/firestoreRest.ts). */
export const publicDb = { origin: `http://${firestoreHost.host}:${firestoreHost.port}`, projectId: PROJECT_ID };
export const functionsPort = Number(process.env.HARBOR_FUNCTIONS_PORT ?? 5001);
/** The search index file as the shop's origin serves it: the Hosting emulator's rewrite to its function. */
export const searchIndexUrl = `${shopUrl}${SEARCH_INDEX_PATH}`;

const adminApp = getApps()[0] ?? initializeApp({ projectId: PROJECT_ID });
export const adminDb = getAdminFirestore(adminApp);
export const adminAuth = getAdminAuth(adminApp);

/**
 * The project the rules tests write in: a database of their own in the same emulator, with the
 * same rules, whose writes run no function trigger (those listen to PROJECT_ID's documents). The
 * rules matrix's seeding alone ran about 500 triggers (search index, purchase summaries, e-mail)
 * that tested nothing and held up the next files' triggers.
 */
const RULES_PROJECT_ID = `${PROJECT_ID}-rules`;

/**
 * The rules test environment of one test file, as a getter: created before the file's tests and
 * cleaned up after them. With `documents` (path to data), every test starts from an emptied
 * database holding just those, written with the rules switched off.
 */
export function useRulesEnvironment(documents?: Record<string, DocumentData>): () => RulesTestEnvironment {
  let env: RulesTestEnvironment | undefined;
  const current = () => {
    if (!env) throw new Error('The rules test environment exists only while the tests run.');
    return env;
  };
  beforeAll(async () => {
    env = await initializeTestEnvironment({
      projectId: RULES_PROJECT_ID,
      firestore: { host: firestoreHost.host, port: firestoreHost.port, rules: readFileSync(new URL('../firestore.rules', import.meta.url), 'utf8') },
    });
  });
  afterAll(async () => env?.cleanup());
  if (documents) {
    beforeEach(async () => {
      await current().clearFirestore();
      await current().withSecurityRulesDisabled(async (context) => {
        const db = context.firestore();
        await Promise.all(Object.entries(documents).map(([path, data]) => setDoc(doc(db, path), data)));
      });
    });
  }
  return current;
}

/**
 * Turns the emulators' Firestore triggers off for the rest of the run (the Emulator Hub's switch,
 * as @firebase/rules-unit-testing's withFunctionTriggersDisabled), for the load tests: fixtures of
 * thousands of products, the 5,000-row import, orders by the hundred. Their trigger runs (search
 * index, e-mail, purchase summaries) would otherwise start a function worker each and starve the
 * machine. The triggers are never turned back on: the hub's switch back reloads the functions, and
 * in firebase-tools 14.9 the Firestore triggers then no longer fire. So these files run after every
 * other one (./testFileOrder.ts), and the triggers have tests of their own before them.
 */
export async function switchOffTriggers(): Promise<void> {
  await switchTriggers('disableBackgroundTriggers');
}

/** Turns the Firestore triggers on again (the emulator reloads them); events written while they were off are not run. */
export async function switchOnTriggers(): Promise<void> {
  await switchTriggers('enableBackgroundTriggers');
}

async function switchTriggers(path: 'disableBackgroundTriggers' | 'enableBackgroundTriggers'): Promise<void> {
  const hub = process.env.FIREBASE_EMULATOR_HUB;
  if (!hub) throw new Error('FIREBASE_EMULATOR_HUB is not set: run the tests through firebase emulators:exec.');
  const response = await fetch(`http://${hub}/functions/${path}`, { method: 'PUT' });
  if (!response.ok) throw new Error(`The Emulator Hub refused to switch the triggers (${path}): ${response.status}`);
}

/** Deletes every document in the emulator's database (fast, through the emulator's REST API). */
export async function clearFirestore(): Promise<void> {
  const response = await fetch(`http://${firestoreHost.host}:${firestoreHost.port}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`Clearing Firestore failed: ${response.status}`);
}

export interface TestClient {
  app: FirebaseApp;
  uid: string;
  db: ReturnType<typeof getFirestore>;
  call<Result = unknown>(name: string, data?: unknown): Promise<Result>;
  /** Posts a callable request body as raw text, as a hostile client without the SDK would. */
  rawCall(name: string, body: string, headers?: Record<string, string>): Promise<{ status: number; error?: { status: string; message: string } }>;
  close(): Promise<void>;
}

let clientCount = 0;

/** A web SDK client, signed in as a new (or given) account, or anonymous when `email` is null. */
export async function webClient(email: string | null = `user${Date.now()}${clientCount}@harbor.test`, password = 'test-pass-1'): Promise<TestClient> {
  const app = initializeClientApp({ apiKey: 'demo-api-key', projectId: PROJECT_ID }, `client-${clientCount++}`);
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${authHost.host}:${authHost.port}`, { disableWarnings: true });
  const db = getFirestore(app);
  connectFirestoreEmulator(db, firestoreHost.host, firestoreHost.port);
  const functions = getFunctions(app);
  connectFunctionsEmulator(functions, '127.0.0.1', functionsPort);
  let uid = '';
  if (email) {
    const credential = await signInWithEmailAndPassword(auth, email, password).catch(() => createUserWithEmailAndPassword(auth, email, password));
    uid = credential.user.uid;
  }
  return {
    app,
    uid,
    db,
    async call<Result>(name: string, data?: unknown) {
      // Contended callables may take their full two minutes on a busy machine.
      const result = await httpsCallable(functions, name, { timeout: 150_000 })(data);
      return result.data as Result;
    },
    async rawCall(name: string, body: string, headers: Record<string, string> = {}) {
      const token = auth.currentUser ? await auth.currentUser.getIdToken() : null;
      const response = await fetch(`http://127.0.0.1:${functionsPort}/${PROJECT_ID}/us-central1/${name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
        body,
      });
      const json = (await response.json().catch(() => ({}))) as { error?: { status: string; message: string } };
      return { status: response.status, error: json.error };
    },
    close: () => deleteApp(app),
  };
}

/**
 * The lite SDK the shop's pages read with, signed in as `client`'s account (loaded only by the
 * tests that use it), as silent as the full SDK above: its refused reads are the point too.
 */
export async function liteDb(client: TestClient): Promise<LiteFirestore> {
  const lite = await import('firebase/firestore/lite');
  lite.setLogLevel('silent');
  const db = lite.getFirestore(client.app);
  lite.connectFirestoreEmulator(db, firestoreHost.host, firestoreHost.port);
  return db;
}

/** The HttpsError code and message a rejected callable carried, and its details when it had any. */
export async function callError(promise: Promise<unknown>): Promise<{ code: string; message: string; details?: unknown }> {
  try {
    await promise;
  } catch (error) {
    const { code, message, details } = error as { code: string; message: string; details?: unknown };
    // The web SDK appends the HTTP status (" [400]") to the server's message.
    return { code: code.replace(/^functions\//, ''), message: message.replace(/\s*\[\d{3}\]$/, ''), ...(details === undefined ? {} : { details }) };
  }
  throw new Error('Expected the call to fail, but it succeeded.');
}

/** An approved company on net-30 with room for any test order, as an administrator leaves it. */
export const approvedCompanyFields = {
  name: 'Test Buyer Co',
  status: 'approved',
  paymentTerms: 'net30',
  creditLimit: 100_000_000,
  openBalance: 0,
  taxExempt: false,
  taxCertificateId: '',
};

/**
 * Makes `uid` the owner of its own company (`co-<uid>`), approved unless `fields` says otherwise,
 * with `contract` prices when given; arranged with the Admin SDK as the company callables would.
 */
export async function giveCompany(uid: string, fields: Record<string, unknown> = {}, contract?: object): Promise<string> {
  const companyId = `co-${uid}`;
  const batch = adminDb.batch();
  batch.set(adminDb.doc(`companies/${companyId}`), { ...approvedCompanyFields, members: { [uid]: 'owner' }, ...fields });
  if (contract) batch.set(adminDb.doc(`companies/${companyId}/private/pricing`), contract);
  batch.set(adminDb.doc(`users/${uid}`), { companyId }, { merge: true });
  await batch.commit();
  return companyId;
}

/**
 * The document at `path` once `done` holds for it, watched through its snapshots and read again
 * every 2 s (a listener on a busy emulator can miss a change; a read that fails waits for the next).
 */
export async function documentWhen(path: string, done: (data: FirebaseFirestore.DocumentData) => boolean, timeout = 60_000): Promise<FirebaseFirestore.DocumentData | undefined> {
  return new Promise((resolve) => {
    let last: FirebaseFirestore.DocumentData | undefined;
    const finish = (data: FirebaseFirestore.DocumentData | undefined) => {
      clearTimeout(timer);
      clearInterval(poll);
      stop();
      resolve(data);
    };
    const seen = (data: FirebaseFirestore.DocumentData | undefined) => {
      last = data;
      if (data && done(data)) finish(data);
    };
    const timer = setTimeout(() => finish(last), timeout);
    const poll = setInterval(() => void adminDb.doc(path).get().then((snapshot) => seen(snapshot.data()), () => undefined), 2_000);
    const stop = adminDb.doc(path).onSnapshot((snapshot) => seen(snapshot.data()));
  });
}
