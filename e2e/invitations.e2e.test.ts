/**
 * Invitations on the owner's profile: the owner invites two colleagues, sees both among the open
 * invitations with when they were sent and when they expire, and withdraws one after confirming.
 */
import { login } from './accounts';
import { newBuyer } from './adminAccounts';
import { expect, screenshot, scrollToSection, test } from './fixtures';

test.describe('invitations', () => {
  test('the owner sees its open invitations and withdraws one', async ({ page }) => {
    const owner = await newBuyer('Olive Owner');
    await login(page, owner, '/profile');
    const inviteForm = page.getByRole('form', { name: 'Invite a buyer' });
    const open = page.getByRole('table', { name: 'Open invitations' });
    await expect(page.getByText('No invitation is waiting to be accepted.')).toBeVisible();
    for (const email of ['cole@harbor.test', 'dana@harbor.test']) {
      await inviteForm.getByLabel('Invite a colleague by e-mail').fill(email);
      await inviteForm.getByRole('button', { name: 'Invite' }).click();
      await expect(open.getByRole('rowheader', { name: email })).toBeVisible();
    }
    await expect(page.getByRole('status').getByText(/within 14 days; a new invitation to the same address replaces it/)).toBeVisible();
    await expect(open.getByRole('row', { name: /cole@harbor\.test Buyer/ })).toBeVisible();
    await scrollToSection(page.getByRole('heading', { name: 'Open invitations' }));
    await screenshot(page, 'invitations-open');

    await open.getByRole('button', { name: 'Withdraw the invitation to cole@harbor.test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw the invitation to cole@harbor.test?' });
    await expect(dialog.getByText('Its code will no longer work.')).toBeVisible();
    // "Keep the invitation" has the focus, so Enter does not withdraw by mistake.
    await expect(dialog.getByRole('button', { name: 'Keep the invitation' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Withdraw invitation' }).click();
    await expect(dialog).toBeHidden();
    await expect(open.getByRole('rowheader', { name: 'cole@harbor.test' })).toHaveCount(0);
    await expect(open.getByRole('rowheader', { name: 'dana@harbor.test' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Open invitations' })).toBeFocused();

    // Reloaded, the list is as the server keeps it.
    await page.reload();
    await expect(page.getByRole('table', { name: 'Open invitations' }).getByRole('row')).toHaveCount(2);
  });
});
