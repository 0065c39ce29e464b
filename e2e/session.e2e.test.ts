import { describe, expect, it } from 'vitest';
import { buyer, login, submitLogin } from './accounts';
import { openPage, screenshot, viewports, useBrowser } from './browser';

const browser = useBrowser();

describe('sign-in, routing and logout', () => {
  it('sends a signed-out visit to /checkout to /login and back to /checkout after login', async () => {
    const { page, context } = await openPage(browser());
    await page.goto('/checkout');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await screenshot(page, 'login-1280');
    await submitLogin(page, buyer);
    await page.waitForURL('**/checkout');
    expect(new URL(page.url()).pathname).toBe('/checkout');
    await page.getByText(`Hi, ${buyer.name}`).waitFor();
    await context.close();
  });

  it('shows a readable message for a wrong password and keeps the e-mail typed', async () => {
    const { page, context } = await openPage(browser());
    await page.goto('/login');
    await submitLogin(page, { email: buyer.email, password: 'not-the-password' });
    await page.getByRole('alert').filter({ hasText: 'not right' }).waitFor();
    expect(await page.getByLabel('E-mail').inputValue()).toBe(buyer.email);
    await context.close();
  });

  it('sends a shopper who visits /admin to the home page', async () => {
    const { page, context } = await openPage(browser());
    await login(page, buyer);
    await page.goto('/admin/products');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByRole('link', { name: 'Admin Panel' }).count()).toBe(0);
    await context.close();
  });

  it('logs out with the toast "Logged out successfully!" and goes home', async () => {
    const { page, context } = await openPage(browser());
    await login(page, buyer);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    await page.getByText(`Hi, ${buyer.name}`).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText('Logged out successfully!').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('link', { name: 'Login' }).waitFor();
    await context.close();
  });

  it('shows the not-found page for an unknown path', async () => {
    const { page, context } = await openPage(browser());
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
  });

  it('renders the login page on a phone', async () => {
    const { page, context } = await openPage(browser(), viewports.phone);
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await screenshot(page, 'login-390');
    await context.close();
  });
});
