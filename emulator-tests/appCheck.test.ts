/**
 * The ENFORCE_APP_CHECK param. The emulators' demo project leaves it off (functions/.env.demo-harbor),
 * so the shop, which sends no App Check token there, can call. `npm run test:emulators` runs this
 * file once more against a functions emulator for project demo-harbor-appcheck, whose
 * functions/.env.demo-harbor-appcheck turns it on (HARBOR_APP_CHECK=enforced): calls without a
 * token are then refused before any callable code runs.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { clearFirestore, webClient, type TestClient } from './harness';

const enforced = process.env.HARBOR_APP_CHECK === 'enforced';
const callables = ['mergeCart', 'placeOrder', 'saveProduct', 'deleteProduct', 'updateOrderStatus', 'registerCompany', 'updateCompany', 'markOrderPaid', 'recordPayment', 'reversePayment', 'issueCreditNote', 'getStatement', 'receivablesReport', 'createInvitation', 'acceptInvitation', 'withdrawInvitation', 'removeBuyer', 'getOrderDocument', 'importProducts', 'updateMember', 'decideApproval', 'requestQuote', 'respondToQuote', 'createQuote', 'quoteAction', 'addQuoteMessage', 'acceptQuote', 'getQuoteDocument', 'updateBillingEmail'];

const clients: TestClient[] = [];
afterAll(async () => Promise.all(clients.map((client) => client.close())));

async function client(signedIn: boolean): Promise<TestClient> {
  const created = await webClient(signedIn ? undefined : null);
  clients.push(created);
  return created;
}

/** An unsigned token: the functions emulator decodes App Check tokens without verifying them. */
function emulatorAppCheckToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const appId = '1:1234567890:web:harbor';
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ app_id: appId, sub: appId })}.`;
}

describe.skipIf(enforced)('App Check off (the emulators, and a project that has not turned it on)', () => {
  it('a signed-in call without an App Check token reaches the callable', async () => {
    await clearFirestore();
    const shopper = await client(true);
    expect(await shopper.call('mergeCart', { guestItems: [] })).toEqual({ items: [] });
  });
});

describe.runIf(enforced)('App Check enforced (ENFORCE_APP_CHECK=true)', () => {
  it.each(callables)('%s refuses a call without an App Check token', async (name) => {
    const guest = await client(false);
    // The SDK's own refusal, before the callable's ("Please sign in first." and the like).
    expect(await guest.rawCall(name, '{"data":{}}')).toEqual({ status: 401, error: { status: 'UNAUTHENTICATED', message: 'Unauthenticated' } });
  });

  it('a call with an App Check token gets past the check to the callable', async () => {
    const guest = await client(false);
    const result = await guest.rawCall('mergeCart', '{"data":{}}', { 'X-Firebase-AppCheck': emulatorAppCheckToken() });
    expect(result).toEqual({ status: 401, error: { status: 'UNAUTHENTICATED', message: 'Please sign in first.' } });
  });
});
