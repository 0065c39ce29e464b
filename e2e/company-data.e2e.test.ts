/**
 * What a company's staff and its owner keep: an administrator writes the internal note (kept where
 * the company's members never read it), takes a fixed price off the contract, picks the time zone
 * and marks the company tax exempt and ship complete on the customer page; the owner sets the accounts-payable
 * address on /profile.
 */
import { staffNotesPath } from '@harbor/domain';
import { admin, login } from './accounts';
import { adminDb, newBuyer } from './adminAccounts';
import { expect, screenshot, test } from './fixtures';

test.describe('company data', () => {
  test('an administrator writes the internal note and takes a fixed price off the contract', async ({ page, consoleErrors }) => {
    const owner = await newBuyer('Nora Note');
    const companyId = `co-${owner.uid}`;
    await adminDb.doc(`companies/${companyId}/private/pricing`).set({ discountBasisPoints: 0, fixedPrices: { 'bev-1001': 1750, 'bev-1008': 3850 } });

    await login(page, admin, `/admin/customers/${companyId}`);
    const terms = page.getByRole('form', { name: 'Terms and prices' });
    await expect(terms.getByLabel(/^Fixed prices/)).toHaveValue('bev-1001 17.50\nbev-1008 38.50');
    await terms.getByLabel(/^Fixed prices/).fill('bev-1008 36.00');
    await terms.getByLabel('Internal note').fill('Slow payer: ask for a deposit on orders over $5,000.');
    await expect(terms.getByText('Read by administrators, finance and the customer’s sales rep only, never by the customer.')).toBeVisible();
    // The time zone is found by typing part of its name; tax exemption is a labelled checkbox.
    await terms.getByRole('combobox', { name: /^Time zone/ }).fill('chicago');
    await terms.getByRole('option', { name: /America\/Chicago/ }).click();
    await terms.getByRole('checkbox', { name: /Tax exempt/ }).check();
    // Ship complete is a switch: its orders never ship in part.
    await terms.getByRole('switch', { name: /Ship complete/ }).check();
    const save = terms.getByRole('button', { name: 'Save terms' });
    await save.click();
    const toast = page.getByText('Nora Note Trading saved.');
    await expect(toast).toBeVisible();
    // The toast settles below the header and away from the button just pressed (it slides in from
    // above, so on its way it crosses the header).
    type Box = Awaited<ReturnType<typeof toast.boundingBox>>;
    const apart = (a: Box, b: Box) => !a || !b || a.y >= b.y + b.height || b.y >= a.y + a.height || a.x >= b.x + b.width || b.x >= a.x + a.width;
    await expect
      .poll(async () => {
        const [toastBox, saveBox, headerBox] = await Promise.all([toast.boundingBox(), save.boundingBox(), page.locator('.site-header').boundingBox()]);
        return toastBox !== null && apart(toastBox, saveBox) && apart(toastBox, headerBox);
      })
      .toBe(true);
    await expect.poll(async () => (await adminDb.doc(`companies/${companyId}`).get()).get('timeZone')).toBe('America/Chicago');
    expect((await adminDb.doc(`companies/${companyId}`).get()).get('taxExempt')).toBe(true);
    expect((await adminDb.doc(`companies/${companyId}`).get()).get('shipComplete')).toBe(true);
    await expect.poll(async () => (await adminDb.doc(staffNotesPath(companyId)).get()).get('note')).toBe('Slow payer: ask for a deposit on orders over $5,000.');
    await expect.poll(async () => (await adminDb.doc(`companies/${companyId}/private/pricing`).get()).get('fixedPrices')).toEqual({ 'bev-1008': 3600 });
    expect((await adminDb.doc(`companies/${companyId}`).get()).get('note')).toBeUndefined();
    // The page reads the note back from where the staff keep it.
    await page.reload();
    await expect(page.getByRole('form', { name: 'Terms and prices' }).getByLabel('Internal note')).toHaveValue('Slow payer: ask for a deposit on orders over $5,000.');
    await page.getByRole('form', { name: 'Terms and prices' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'customer-staff-note');
    expect(consoleErrors).toEqual([]);
  });

  test('the owner sets the accounts-payable address on /profile, after being told what is wrong with one it cannot use', async ({ page, consoleErrors }) => {
    const owner = await newBuyer('Paige Payables');
    const companyId = `co-${owner.uid}`;
    await login(page, owner, '/profile');
    const form = page.getByRole('form', { name: 'Billing e-mail' });
    const field = form.getByLabel('Accounts-payable e-mail address');
    await field.fill('accounts payable');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please enter a valid e-mail address, or leave it empty for none.');
    await field.fill('Payables@Paige.Example');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Invoices are now billed to payables@paige.example, and it receives them with credit notes, receipts and reminders.')).toBeVisible();
    await expect.poll(async () => (await adminDb.doc(`companies/${companyId}`).get()).get('billingEmail')).toBe('payables@paige.example');
    await expect(field).toHaveValue('payables@paige.example');
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'profile-billing-email');
    expect(consoleErrors).toEqual([]);
  });
});
