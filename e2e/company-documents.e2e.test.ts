/**
 * A company's documents in the browser, as each member may see them: a plain buyer sees its own
 * order's invoice and credit note and no statement of account; the owner sees every order's
 * documents and the statement with every open invoice. Neither page asks for anything the rules
 * refuse (no error in the console).
 */
import { Timestamp } from 'firebase-admin/firestore';
import { formatInvoiceNumber } from '@harbor/domain';
import { login } from './accounts';
import { adminDb, newBuyer } from './adminAccounts';
import { shopUrl } from './browser';
import { expect, screenshot, test } from './fixtures';
import { writeOrder } from './orders';

const run = Date.now().toString(36).toUpperCase();
/** Invoice and credit note numbers of this run, far from those the shop's counters give out. */
const firstSequence = 900_000 + (Date.now() % 90_000);

/** An invoice of `orderId` open for its total, with what the order page and the statement show of it; returns its number. */
async function invoiceOrder(orderId: string, sequence: number): Promise<string> {
  const order = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
  const number = formatInvoiceNumber(sequence);
  const issuedAt = Date.now() - 86_400_000;
  const { companyId, userId, items, total } = order;
  await adminDb.doc(`invoices/${number}`).set({ sequence, orderId, companyId, userId, lines: items, total, amountPaid: 0, amountCredited: 0, status: 'open', issuedAt: Timestamp.fromMillis(issuedAt), dueAt: Timestamp.fromMillis(issuedAt + 30 * 86_400_000) });
  await adminDb.doc(`orders/${orderId}`).update({ invoiceNumber: sequence, invoicedAt: Timestamp.fromMillis(issuedAt) });
  return number;
}

test.describe("a company's documents", () => {
  test('a plain buyer sees its own order’s invoice and credit note and no statement; the owner sees every order’s and the statement', async ({ browser }) => {
    const owner = await newBuyer('Olga Owner');
    const buyer = await newBuyer('Bram Buyer');
    const companyId = `co-${owner.uid}`;
    await adminDb.doc(`companies/${companyId}`).update({ [`members.${buyer.uid}`]: 'buyer', [`memberDetails.${buyer.uid}`]: { name: buyer.name, email: buyer.email } });
    await adminDb.doc(`users/${buyer.uid}`).update({ companyId });
    const [ownerOrder, buyerOrder] = [`HW-DO${run}`.slice(0, 13), `HW-DB${run}`.slice(0, 13)];
    await writeOrder(adminDb, ownerOrder, { buyer: owner, status: 'shipped', companyId, company: 'Olga Owner Trading', lines: [[0, 2]] });
    await writeOrder(adminDb, buyerOrder, { buyer, status: 'shipped', companyId, company: 'Olga Owner Trading', lines: [[1, 3]] });
    const ownerInvoice = await invoiceOrder(ownerOrder, firstSequence);
    const buyerInvoice = await invoiceOrder(buyerOrder, firstSequence + 1);
    const creditNote = `CN-${String(firstSequence).padStart(6, '0')}`;
    await adminDb.doc(`creditNotes/${creditNote}`).set({
      sequence: firstSequence,
      invoiceNumber: buyerInvoice,
      orderId: buyerOrder,
      companyId,
      userId: buyer.uid,
      currency: 'USD',
      lines: [],
      amount: 1_000,
      reason: 'One case dented',
      issuedAt: Timestamp.now(),
      issuedBy: 'admin',
      appliedToInvoice: 1_000,
    });

    for (const [account, role] of [[buyer, 'buyer'], [owner, 'owner']] as const) {
      const context = await browser.newContext({ baseURL: shopUrl });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      try {
        await login(page, account, '/profile');
        await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
        const history = page.getByRole('region', { name: /order history/i });
        await expect(history.getByText(buyerOrder)).toBeVisible();
        const statement = page.getByRole('region', { name: 'Statement of account' });
        if (role === 'owner') {
          await expect(statement.getByRole('link', { name: `Invoice ${ownerInvoice}, order ${ownerOrder}` })).toBeVisible();
          await expect(statement.getByRole('link', { name: `Invoice ${buyerInvoice}, order ${buyerOrder}` })).toBeVisible();
        } else {
          await expect(history.getByText(ownerOrder)).toHaveCount(0);
          await expect(statement).toHaveCount(0);
        }
        await screenshot(page, `company-documents-profile-${role}`);

        await page.goto(`/order-confirmation/${buyerOrder}`);
        const invoice = page.getByRole('region', { name: 'Invoice' });
        await expect(invoice.locator('.status-badge')).toHaveText('Open');
        await expect(invoice.getByRole('list', { name: 'Credit notes' }).getByText(creditNote, { exact: true })).toBeVisible();
        await expect(invoice.getByRole('button', { name: new RegExp(`Credit note ${creditNote} \\(PDF\\)`) })).toBeVisible();
        await screenshot(page, `company-documents-order-${role}`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
