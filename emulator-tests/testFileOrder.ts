import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that wait for a Firestore trigger to run, first and in this order. The emulator hands
 * the triggers a limited number of events at a time, and every product write's event may run a
 * search index build (with its 1.5 s wait for the rest of a burst): after files that write many
 * products, an order's trigger can wait longer than these tests do. So the purchase summaries
 * (orders only) come first and the search index's bursts last. The webhooks come before them all:
 * every change queues an event whose fan-out trigger waits in that same line, and an event left
 * over from an earlier file would reach a later test's endpoint. The e-mails come before every
 * other file that issues invoices or credit notes: a message's delivery task is named after the
 * message (`INV-000001-issued`), numbers start again after each clearFirestore, and the task
 * queue drops a task whose name it has seen, so that message would never be sent.
 */
export const TRIGGER_TESTS = ['webhooks.test.ts', 'purchaseSummary.test.ts', 'mail.test.ts', 'orderDocuments.test.ts', 'searchIndex.test.ts'];

/**
 * The load tests and the catalog's queries, which write thousands of documents and turn the
 * emulators' Firestore triggers off for the rest of the run (switchOffTriggers in ./harness.ts);
 * every other file runs before them, with the triggers on.
 */
export const LOAD_TESTS = ['catalog.queries.test.ts', 'catalogReads.test.ts', 'productImport.test.ts', 'orderLoad.test.ts', 'hostileInput.test.ts'];

const isOneOf = (files: string[]) => (specification: TestSpecification) => files.some((file) => specification.moduleId.endsWith(`/${file}`));
const isTriggerTest = isOneOf(TRIGGER_TESTS);
const isLoadTest = isOneOf(LOAD_TESTS);

/** The trigger tests in their order, then the others in vitest's own order (slowest and failed first), the load tests last. */
export class TestFileOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const triggerTests = TRIGGER_TESTS.flatMap((file) => sorted.filter(isOneOf([file])));
    return [...triggerTests, ...sorted.filter((file) => !isTriggerTest(file) && !isLoadTest(file)), ...sorted.filter(isLoadTest)];
  }
}
