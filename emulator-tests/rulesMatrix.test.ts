import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, setDoc, type Firestore } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { useRulesEnvironment } from './harness';
import { ACTOR_UIDS, ACTORS, matrix, seedDocuments, STAFF_ACTOR_UIDS, STAFF_ACTORS, type Actor, type MatrixRow, type StaffActor } from './rulesMatrix';

const env = useRulesEnvironment();

/** Whether the database holds just the baseline: true after arranging, until a write case runs. */
let atBaseline = false;

/** The baseline, for every write case (and its `absent` documents); a read case after a read reuses it. */
async function arrange(row: MatrixRow): Promise<void> {
  const writes = row.operation !== 'get' && row.operation !== 'list';
  if (atBaseline && !writes) return;
  atBaseline = !writes;
  await env().clearFirestore();
  await env().withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await Promise.all(Object.entries(seedDocuments).map(([path, data]) => setDoc(doc(db, path), data)));
    await Promise.all((row.absent ?? []).map((path) => deleteDoc(doc(db, path))));
  });
}

const UIDS = { ...ACTOR_UIDS, ...STAFF_ACTOR_UIDS };

function firestoreFor(actor: Actor | StaffActor): Firestore {
  // Each signed-in actor's token carries its e-mail address, <uid>@example.com, as Firebase Auth's does.
  const context = actor === 'guest' ? env().unauthenticatedContext() : env().authenticatedContext(UIDS[actor], { email: `${UIDS[actor]}@example.com` });
  // The test library hands out the compat Firestore; the modular functions accept it at runtime.
  return context.firestore() as unknown as Firestore;
}

const cases = matrix.flatMap((row) => [
  ...ACTORS.map((actor: Actor | StaffActor, index) => ({ row, actor, outcome: row.expect[index]! })),
  ...(row.staffExpect ?? []).map((outcome, index) => ({ row, actor: STAFF_ACTORS[index]!, outcome })),
]);

describe(`security rules matrix (${cases.length} cases)`, () => {
  it.each(cases)('$row.collection $row.operation $row.what as $actor: $outcome', async ({ row, actor, outcome }) => {
    await arrange(row);
    const attempt = row.run(firestoreFor(actor));
    await (outcome === 'allow' ? assertSucceeds(attempt) : assertFails(attempt));
  });
});
