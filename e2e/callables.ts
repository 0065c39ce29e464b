/**
 * A callable called from the journey's own process as a signed-in account, for what another person
 * does meanwhile (the warehouse ships a parcel, a buyer places an order): the Auth emulator's
 * password sign-in and the callable protocol over fetch, as the web SDK sends them.
 */
import { PROJECT_ID, functionsUrl, ports } from '../scripts/emulators';

const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? `127.0.0.1:${ports.auth}`;

/** The Auth emulator's answer to a password sign-in. */
export interface PasswordSession {
  localId: string;
  email: string;
  displayName?: string;
  idToken: string;
  refreshToken: string;
  expiresIn: string;
}

/** Signs `account` in with its password, as the web SDK's signInWithEmailAndPassword does. */
export async function passwordSignIn(account: { email: string; password: string }): Promise<PasswordSession> {
  const response = await fetch(`http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password, returnSecureToken: true }),
  });
  const body = (await response.json()) as Partial<PasswordSession> & { error?: { message: string } };
  if (!body.idToken) throw new Error(`${account.email} could not sign in to ${PROJECT_ID}: ${body.error?.message ?? response.status}`);
  return body as PasswordSession;
}

const idToken = async (account: { email: string; password: string }): Promise<string> => (await passwordSignIn(account)).idToken;

/** Calls `name` with `data` as `account` and answers its result; a refusal throws with the callable's own message. */
export async function callAs<Result>(account: { email: string; password: string }, name: string, data: unknown): Promise<Result> {
  const response = await fetch(`${functionsUrl}/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await idToken(account)}` },
    body: JSON.stringify({ data }),
  });
  const body = (await response.json()) as { result?: Result; error?: { status: string; message: string } };
  if (body.error || !('result' in body)) throw new Error(`${name} answered ${body.error?.status ?? response.status}: ${body.error?.message ?? 'no result'}`);
  return body.result as Result;
}
