import type { Page } from '@playwright/test';
import { passwordSignIn } from './callables';
import { storeInShop } from './guestCart';

export const buyer = { email: 'buyer@harbor.test', password: 'harbor-buyer-1', name: 'Blake Buyer' };
export const admin = { email: 'admin@harbor.test', password: 'harbor-admin-1', name: 'Avery Admin' };

/** Fills the login form on the current page (the app must already be on /login). */
export async function submitLogin(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Where the web SDK keeps the signed-in user (browserLocalPersistence; the emulator build's API key). */
const SESSION_KEY = 'firebase:authUser:demo-api-key:[DEFAULT]';

/**
 * Opens `path` signed in as `account`, as a buyer who signed in before comes back: the session is
 * the one the web SDK keeps in local storage, from the Auth emulator's password sign-in. The login
 * form itself is a journey of its own (session.e2e.test.ts); going through it before every other
 * journey loaded two pages more each time.
 */
export async function login(page: Page, account: { email: string; password: string; name: string }, path = '/'): Promise<void> {
  const session = await passwordSignIn(account);
  const now = Date.now();
  const user = {
    uid: session.localId,
    email: session.email,
    emailVerified: false,
    displayName: session.displayName || undefined,
    isAnonymous: false,
    providerData: [{ providerId: 'password', uid: session.email, email: session.email, displayName: session.displayName ?? null, phoneNumber: null, photoURL: null }],
    stsTokenManager: { refreshToken: session.refreshToken, accessToken: session.idToken, expirationTime: now + Number(session.expiresIn) * 1000 },
    createdAt: String(now),
    lastLoginAt: String(now),
    apiKey: 'demo-api-key',
    appName: '[DEFAULT]',
  };
  await storeInShop(page, SESSION_KEY, JSON.stringify(user));
  await page.goto(path);
  await page.getByText(`Hi, ${account.name}`).waitFor();
}

let registrations = 0;
/** A unique e-mail for an account created by a test. */
export function freshEmail(label: string): string {
  return `${label}-${Date.now()}-${registrations++}@harbor.test`;
}
