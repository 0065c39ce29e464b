/**
 * The harness's maildev, through its REST API (HARBOR_MAILDEV_URL), and placing real orders whose
 * e-mails it catches.
 */
import { randomUUID } from 'node:crypto';
import { doc, setDoc } from 'firebase/firestore';
import { extractText, getDocumentProxy } from 'unpdf';
import { cartItemFor, expectedOrder, orderLinesFromCart, priceOrder, taxRateFor, type Orderable, type PlaceOrderResult } from '@harbor/domain';
import { adminDb, functionsPort, giveCompany, PROJECT_ID, type TestClient } from './harness';

const inboxUrl = process.env.HARBOR_MAILDEV_URL ?? 'http://127.0.0.1:1080';

export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
  attachments?: { fileName: string; generatedFileName: string; contentType: string }[];
}

/** Every message maildev caught for `address`. */
export async function mailTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${inboxUrl}/email`);
  if (!response.ok) throw new Error(`maildev answered ${response.status}`);
  const messages = (await response.json()) as CaughtMail[];
  return messages.filter((message) => message.to.some((recipient) => recipient.address.toLowerCase() === address.toLowerCase()));
}

/**
 * Waits until `address` has `count` messages (those `which` picks, when given), or the time is up,
 * and returns them all. maildev tells of new messages only to its web page, so this asks its API.
 */
export async function waitForMail(address: string, count: number, timeoutMs = 60_000, which: (mail: CaughtMail) => boolean = () => true): Promise<CaughtMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = await mailTo(address);
    if (messages.filter(which).length >= count || Date.now() > deadline) return messages;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The text of a PDF attached to a caught message, read by a real PDF text extractor. */
export async function attachedPdfText(message: CaughtMail, fileName: string): Promise<string> {
  // maildev keeps attachments under a name of its own.
  const stored = message.attachments?.find((attachment) => attachment.fileName === fileName)?.generatedFileName ?? fileName;
  const response = await fetch(`${inboxUrl}/email/${message.id}/attachment/${encodeURIComponent(stored)}`);
  if (!response.ok) throw new Error(`maildev answered ${response.status} for the attachment`);
  return pdfText(new Uint8Array(await response.arrayBuffer()));
}

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text;
}

/** Pauses maildev (SIGSTOP): connections open but the SMTP greeting never comes, as in an outage. */
export function pauseSmtp(): void {
  process.kill(maildevPid(), 'SIGSTOP');
}

export function resumeSmtp(): void {
  process.kill(maildevPid(), 'SIGCONT');
}

function maildevPid(): number {
  const pid = Number(process.env.HARBOR_MAILDEV_PID);
  if (!pid) throw new Error('HARBOR_MAILDEV_PID is not set: run the emulator tests with "npm run test:emulators".');
  return pid;
}

export const orderAddress = { line1: '12 Harbor Way', line2: '', city: 'Portland', region: 'ME', postalCode: '04101', country: 'United States' };

/** Puts `quantity` of `product` in the client's cart and places the order as the checkout does. */
export async function placeTestOrder(client: TestClient, product: Orderable, quantity: number, poNumber = ''): Promise<string> {
  const item = cartItemFor(product, quantity);
  // An approved company on net 30, without contract prices: the buyer pays list prices and its state's tax.
  await giveCompany(client.uid);
  await setDoc(doc(client.db, 'carts', client.uid), { items: [item] });
  const terms = { contract: null, taxRateBasisPoints: taxRateFor(orderAddress.region) };
  const expected = expectedOrder(priceOrder(orderLinesFromCart([item]), new Map([[product.id, product]]), terms));
  const { orderId } = await client.call<PlaceOrderResult>('placeOrder', {
    requestId: randomUUID(),
    shippingAddress: orderAddress,
    company: 'Seaside Cafe Ltd',
    poNumber,
    paymentMethod: 'invoice-net30',
    expected,
  });
  return orderId;
}

/** Stores a product as the admin callables do (the id is the document's). */
export async function storeOrderable({ id, ...fields }: Orderable): Promise<void> {
  await adminDb.doc(`products/${id}`).set(fields);
}

/**
 * The `mail/{id}` document once `done` holds for it, watched through its snapshots; when the time
 * is up, the document as it last was (so an assertion on it says what went wrong).
 */
export function waitForMailDocument(id: string, done: (mail: Record<string, unknown>) => boolean, timeoutMs = 60_000): Promise<Record<string, unknown> | undefined> {
  return new Promise((resolve, reject) => {
    let last: Record<string, unknown> | undefined;
    let finished = false;
    const finish = (error?: Error) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      unsubscribe();
      if (error) reject(error);
      else resolve(last);
    };
    const timer = setTimeout(() => finish(), timeoutMs);
    const unsubscribe = adminDb.doc(`mail/${id}`).onSnapshot((snapshot) => {
      last = snapshot.data();
      if (last && done(last)) finish();
    }, finish);
  });
}

/** The `mail/{id}` document, once it reached one of `statuses`. */
export function waitForMailStatus(id: string, statuses: string[], timeoutMs = 60_000): Promise<Record<string, unknown> | undefined> {
  return waitForMailDocument(id, (mail) => statuses.includes(mail.status as string), timeoutMs);
}

/**
 * Dispatches a delivery task for `mail/{id}` to the deliverMail function as Cloud Tasks does (the
 * emulator skips the queue's token), and resolves with the function's answer once the attempt is
 * over: 204 when it is done with the task, 503 when the queue should try again.
 */
export async function dispatchMailTask(mailId: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${functionsPort}/${PROJECT_ID}/us-central1/deliverMail`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ data: { mailId } }),
  });
  await response.arrayBuffer();
  return response.status;
}
