import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, setDoc, type Firestore } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { useRulesEnvironment } from './harness';
import { ACTOR_UIDS, ACTORS, matrix, MORE_ACTOR_UIDS, seedDocuments, type Actor, type MatrixRow, type MoreActor } from './rulesMatrix';

const env = useRulesEnvironment();

/** The seed minus a row's `absent` documents: the baseline a case needs, named by those documents. */
const baselineKey = (row: MatrixRow) => (row.absent ?? []).join('|');

/**
 * The baseline the database holds, or is being given, or null once an allowed write (or a failed
 * case) may have changed it. A read or a denied write changes nothing, so those cases share one
 * baseline, and run side by side.
 */
let baseline: { key: string; ready: Promise<void> } | null = null;

async function arrange(row: MatrixRow): Promise<void> {
  const key = baselineKey(row);
  if (baseline?.key !== key) baseline = { key, ready: seed(row) };
  await baseline.ready;
}

async function seed(row: MatrixRow): Promise<void> {
  await env().clearFirestore();
  await env().withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await Promise.all(Object.entries(seedDocuments).map(([path, data]) => setDoc(doc(db, path), data)));
    await Promise.all((row.absent ?? []).map((path) => deleteDoc(doc(db, path))));
  });
}

const UIDS = { ...ACTOR_UIDS, ...MORE_ACTOR_UIDS };

/** One client per actor for the whole matrix: a new one per case cost more than the case itself. */
const clients = new Map<Actor | MoreActor, Firestore>();

function firestoreFor(actor: Actor | MoreActor): Firestore {
  const known = clients.get(actor);
  if (known) return known;
  // Each signed-in actor's token carries its e-mail address, <uid>@example.com, as Firebase Auth's does.
  const context = actor === 'guest' ? env().unauthenticatedContext() : env().authenticatedContext(UIDS[actor], { email: `${UIDS[actor]}@example.com` });
  // The test library hands out the compat Firestore; the modular functions accept it at runtime.
  const client = context.firestore() as unknown as Firestore;
  clients.set(actor, client);
  return client;
}

const cases = matrix.flatMap((row) => [
  ...ACTORS.map((actor, index) => ({ row, actor: actor as Actor | MoreActor, outcome: row.expect[index]! })),
  ...(Object.entries(row.more ?? {}) as [MoreActor, 'allow' | 'deny'][]).map(([actor, outcome]) => ({ row, actor, outcome })),
]);
type Case = (typeof cases)[number];

const changesData = ({ row, outcome }: Case) => outcome === 'allow' && row.operation !== 'get' && row.operation !== 'list';

/** Runs of consecutive cases on one baseline that change nothing (run side by side), and each allowed write alone. */
const batches: { concurrent: boolean; cases: Case[] }[] = [];
for (const matrixCase of cases) {
  const last = batches.at(-1);
  const concurrent = !changesData(matrixCase);
  if (last && concurrent && last.concurrent && baselineKey(last.cases[0]!.row) === baselineKey(matrixCase.row)) last.cases.push(matrixCase);
  else batches.push({ concurrent, cases: [matrixCase] });
}

async function check({ row, actor, outcome }: Case): Promise<void> {
  await arrange(row);
  if (changesData({ row, actor, outcome })) baseline = null;
  try {
    const attempt = row.run(firestoreFor(actor));
    await (outcome === 'allow' ? assertSucceeds(attempt) : assertFails(attempt));
  } catch (error) {
    baseline = null;
    throw error;
  }
}

const name = '$row.collection $row.operation $row.what as $actor: $outcome';

// A describe per batch keeps consecutive concurrent batches (on different baselines) apart.
describe(`security rules matrix (${cases.length} cases)`, () => {
  batches.forEach((batch, index) => {
    describe(`batch ${index + 1}`, () => {
      (batch.concurrent ? it.concurrent : it).each(batch.cases)(name, check);
    });
  });
});
