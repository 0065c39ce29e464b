import type { Page } from '@playwright/test';

export const buyer = { email: 'buyer@harbor.test', password: 'harbor-buyer-1', name: 'Blake Buyer' };
export const admin = { email: 'admin@harbor.test', password: 'harbor-admin-1', name: 'Avery Admin' };

/** Fills the login form on the current page (the app must already be on /login). */
export async function submitLogin(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function login(page: Page, account: { email: string; password: string; name: string }): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, account);
  await page.getByText(`Hi, ${account.name}`).waitFor();
}

let registrations = 0;
/** A unique e-mail for an account created by a test. */
export function freshEmail(label: string): string {
  return `${label}-${Date.now()}-${registrations++}@harbor.test`;
}
