/**
 * Reads the answers of the shop's own functions on its origin (a search page). Small and free of
 * the Firestore SDK; depends only on the domain's readers, so the emulator tests read the answers
 * exactly as the shop does. Browsers do not keep these answers (so a reload shows a catalog
 * change at once).
 */

/** Reads an answer's JSON; null when it is not one. */
export type AnswerReader<Answer> = (value: unknown) => Answer | null;

/** The answer at `url`, or null when the server has none (404). */
export async function fetchShopAnswer<Answer>(url: string, read: AnswerReader<Answer>): Promise<Answer | null> {
  const response = await fetch(url);
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`The shop's server answered ${response.status}.`);
  const answer = read(await response.json());
  if (!answer) throw new Error(`The shop's server gave no answer of the expected kind for ${url}.`);
  return answer;
}
