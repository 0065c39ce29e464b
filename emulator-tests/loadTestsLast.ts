import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The load tests, which turn the emulators' Firestore triggers off for the rest of the run
 * (switchOffTriggers in ./harness.ts); every other file runs before them, with the triggers on.
 */
export const LOAD_TESTS = ['catalogReads.test.ts', 'productImport.test.ts', 'orderLoad.test.ts', 'hostileInput.test.ts'];

const isLoadTest = (specification: TestSpecification) => LOAD_TESTS.some((file) => specification.moduleId.endsWith(`/${file}`));

/** Vitest's own order (slowest and failed first), with the load tests moved to the end. */
export class LoadTestsLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((file) => !isLoadTest(file)), ...sorted.filter(isLoadTest)];
  }
}
