/**
 * Reads the answers of the shop's own functions on its origin (a search page, a product page).
 * Small and free of the Firestore SDK, so a visit's first view needs neither; depends only on the
 * domain's readers, so the emulator tests read the answers exactly as the shop does.
 *
 * Answers asked for early (app/firstReads.ts, before the app's code has arrived) are kept for the
 * app's own request of the same address: browsers do not keep these answers (so a reload shows a
 * catalog change at once), and this one need not be asked twice.
 */
const KEEP_ANSWER_MS = 30_000;
const keptAnswers = new Map<string, Promise<unknown>>();

/** Reads an answer's JSON; null when it is not one. */
export type AnswerReader<Answer> = (value: unknown) => Answer | null;

async function request<Answer>(url: string, read: AnswerReader<Answer>): Promise<Answer | null> {
  const response = await fetch(url);
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`The shop's server answered ${response.status}.`);
  const answer = read(await response.json());
  if (!answer) throw new Error(`The shop's server gave no answer of the expected kind for ${url}.`);
  return answer;
}

/** The answer at `url`, or null when the server has none (404). `keep`: an early request, kept for the next one. */
export function fetchShopAnswer<Answer>(url: string, read: AnswerReader<Answer>, { keep = false } = {}): Promise<Answer | null> {
  const kept = keptAnswers.get(url) as Promise<Answer | null> | undefined;
  if (kept) {
    keptAnswers.delete(url);
    // An early request that failed is asked again.
    return kept.catch(() => request(url, read));
  }
  const sent = request(url, read);
  if (keep) {
    keptAnswers.set(url, sent);
    // Only for the app's first request of it: one asked much later wants a fresh answer.
    setTimeout(() => keptAnswers.delete(url), KEEP_ANSWER_MS);
  }
  return sent;
}
