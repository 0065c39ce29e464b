import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that wait for a Firestore trigger to run. The emulator hands trigger events to the
 * functions one at a time, and every product write's event may run a search index build (with its
 * 1.5 s wait for the rest of a burst): after files that write many products, an order's trigger
 * can wait longer than these tests do. They run first.
 */
export const TRIGGER_TESTS = ['purchaseSummary.test.ts', 'mail.test.ts', 'orderDocuments.test.ts', 'searchIndex.test.ts'];

/**
 * The load tests, which turn the emulators' Firestore triggers off for the rest of the run
 * (switchOffTriggers in ./harness.ts); every other file runs before them, with the triggers on.
 */
export const LOAD_TESTS = ['catalogReads.test.ts', 'productImport.test.ts', 'orderLoad.test.ts', 'hostileInput.test.ts'];

const isOneOf = (files: string[]) => (specification: TestSpecification) => files.some((file) => specification.moduleId.endsWith(`/${file}`));
const isTriggerTest = isOneOf(TRIGGER_TESTS);
const isLoadTest = isOneOf(LOAD_TESTS);

/** Vitest's own order (slowest and failed first), with the trigger tests moved to the start and the load tests to the end. */
export class TestFileOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter(isTriggerTest), ...sorted.filter((file) => !isTriggerTest(file) && !isLoadTest(file)), ...sorted.filter(isLoadTest)];
  }
}
