/**
 * Reads the answers of the shop's own functions on its origin (a search page, a product page).
 * Small and free of the Firestore SDK, so a visit's first view needs neither; depends only on the
 * domain's readers, so the emulator tests read the answers exactly as the shop does. Browsers do
 * not keep these answers (so a reload shows a catalog change at once); an early request's answer
 * is kept for the app's own (./earlyAnswers).
 */
import { keepEarlyAnswer, takeEarlyAnswer } from './earlyAnswers';

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
  const early = takeEarlyAnswer<Answer | null>(url);
  // An early request that failed is asked again.
  if (early) return early.catch(() => request(url, read));
  const sent = request(url, read);
  return keep ? keepEarlyAnswer(url, sent) : sent;
}
