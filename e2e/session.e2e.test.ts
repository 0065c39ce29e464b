import { buyer, login, submitLogin } from './accounts';
import { expect, screenshot, test } from './fixtures';

test.describe('sign-in, routing and logout', () => {
  test('sends a signed-out visit to /checkout to /login and back to /checkout after login', async ({ page }) => {
    await page.goto('/checkout');
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await screenshot(page, 'login');
    await submitLogin(page, buyer);
    await expect(page).toHaveURL((url) => url.pathname === '/checkout');
    await expect(page.getByText(`Hi, ${buyer.name}`)).toBeVisible();
  });

  test('shows a readable message for a wrong password and keeps the e-mail typed', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, { email: buyer.email, password: 'not-the-password' });
    await expect(page.getByRole('alert').filter({ hasText: 'not right' })).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveValue(buyer.email);
  });

  test('sends a shopper who visits /admin to the home page', async ({ page }) => {
    await login(page, buyer, '/admin/products');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    // The user menu offers the shopper's pages, and no back office.
    await page.getByText(`Hi, ${buyer.name}`).click();
    await expect(page.getByRole('link', { name: 'My Profile' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
  });

  test('logs out with the toast "Logged out successfully!" and goes home', async ({ page }) => {
    await login(page, buyer, '/profile');
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await page.getByText(`Hi, ${buyer.name}`).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('Logged out successfully!')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('shows the not-found page for an unknown path', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('renders the login page on a phone', { tag: '@phone-only' }, async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await screenshot(page, 'login');
  });
});
