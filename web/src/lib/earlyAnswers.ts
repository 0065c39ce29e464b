/**
 * Answers asked for early (app/firstReads.ts starts a visit's first reads before the app's code
 * has arrived), kept for the app's own request of the same thing, which takes the answer instead
 * of asking again. Kept half a minute: only for the app's first request; one asked later wants
 * fresh data.
 */
const KEEP_ANSWER_MS = 30_000;
const kept = new Map<string, Promise<unknown>>();

/** Keeps `answer` for the next `takeEarlyAnswer(key)`, and returns it. */
export function keepEarlyAnswer<Answer>(key: string, answer: Promise<Answer>): Promise<Answer> {
  kept.set(key, answer);
  setTimeout(() => {
    if (kept.get(key) === answer) kept.delete(key);
  }, KEEP_ANSWER_MS);
  return answer;
}

/** The answer kept under `key`, once; undefined when none is kept. */
export function takeEarlyAnswer<Answer>(key: string): Promise<Answer> | undefined {
  const answer = kept.get(key) as Promise<Answer> | undefined;
  kept.delete(key);
  return answer;
}
