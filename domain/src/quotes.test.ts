import { describe, expect, it } from 'vitest';
import { SHOP_RULES } from './config';
import { companyFromData } from './company';
import { quoteContent } from './orderDocuments';
import { catalog, product } from './testCatalog';
import {
  endOfUtcDay,
  formatQuoteNumber,
  isFinalQuoteStatus,
  QUOTE_MOVES,
  QUOTE_SIDES,
  QUOTE_STATUSES,
  quoteAddress,
  quoteExpired,
  quoteFromData,
  quoteLinesFor,
  quoteMessageFromData,
  quoteMoveAllowed,
  quoteMoveProblem,
  quoteReminderDue,
  quoteTotals,
  validUntilProblem,
  type QuoteMove,
  type QuoteSide,
  type QuoteStatus,
} from './quotes';
import { acceptQuoteInputSchema, addQuoteMessageInputSchema, createQuoteInputSchema, quoteActionInputSchema, requestQuoteInputSchema, respondToQuoteInputSchema } from './quoteSchemas';

/** The state table, written out: move -> [side, statuses it starts from]. */
const TABLE: Record<QuoteMove, [QuoteSide, QuoteStatus[]]> = {
  respond: ['staff', ['requested', 'quoted']],
  'ask-changes': ['buyer', ['quoted']],
  decline: ['buyer', ['quoted']],
  withdraw: ['buyer', ['requested']],
  reject: ['staff', ['requested', 'quoted']],
  accept: ['buyer', ['quoted']],
  expire: ['schedule', ['quoted']],
};

describe('the quote state table', () => {
  for (const status of QUOTE_STATUSES) {
    for (const move of QUOTE_MOVES) {
      for (const side of QUOTE_SIDES) {
        const [rightSide, from] = TABLE[move];
        const expected = side !== rightSide ? 'permission-denied' : from.includes(status) ? null : 'failed-precondition';
        it(`${move} by ${side} from ${status}: ${expected ?? 'allowed'}`, () => {
          expect(quoteMoveProblem(status, move, side)?.code ?? null).toBe(expected);
          expect(quoteMoveAllowed(status, move, side)).toBe(expected === null);
        });
      }
    }
  }

  it('has accepted, declined, rejected, withdrawn and expired as final', () => {
    expect(QUOTE_STATUSES.filter(isFinalQuoteStatus)).toEqual(['accepted', 'declined', 'rejected', 'withdrawn', 'expired']);
  });

  it('says why in plain words', () => {
    expect(quoteMoveProblem('accepted', 'accept', 'buyer')?.message).toBe('This quote is accepted and can no longer be accepted.');
    expect(quoteMoveProblem('quoted', 'reject', 'buyer')?.message).toBe('A quote cannot be rejected from your side.');
  });
});

describe('quote numbers, validity and reminders', () => {
  it('number quotes Q- and six digits', () => {
    expect(formatQuoteNumber(1)).toBe('Q-000001');
    expect(formatQuoteNumber(1234567)).toBe('Q-1234567');
  });

  it('hold to the last millisecond of the day', () => {
    const day = Date.UTC(2026, 11, 3);
    expect(endOfUtcDay(day)).toBe(Date.UTC(2026, 11, 4) - 1);
    expect(endOfUtcDay(Date.UTC(2026, 11, 3, 23, 59, 59, 999))).toBe(Date.UTC(2026, 11, 4) - 1);
    expect(quoteExpired(endOfUtcDay(day), Date.UTC(2026, 11, 4) - 1)).toBe(false);
    expect(quoteExpired(endOfUtcDay(day), Date.UTC(2026, 11, 4))).toBe(true);
    // Never quoted: nothing to accept.
    expect(quoteExpired(null, 0)).toBe(true);
  });

  it('must be valid until a later time', () => {
    expect(validUntilProblem(1000, 999)).toBeNull();
    expect(validUntilProblem(1000, 1000)).toMatch(/future/);
  });

  it('remind once, in the last two days of a quoted quote', () => {
    const validUntil = Date.UTC(2026, 11, 10);
    const quoted = { status: 'quoted' as const, validUntil, expiryReminderSentAt: null };
    const twoDays = 2 * 24 * 60 * 60 * 1000;
    expect(quoteReminderDue(quoted, validUntil - twoDays - 1)).toBe(false);
    expect(quoteReminderDue(quoted, validUntil - twoDays)).toBe(true);
    expect(quoteReminderDue(quoted, validUntil)).toBe(true);
    expect(quoteReminderDue(quoted, validUntil + 1)).toBe(false);
    expect(quoteReminderDue({ ...quoted, expiryReminderSentAt: validUntil - twoDays }, validUntil - 1)).toBe(false);
    expect(quoteReminderDue({ ...quoted, status: 'requested' }, validUntil - 1)).toBe(false);
  });
});

describe('quote lines', () => {
  it('freeze the product’s name, SKU, unit and image, priced or not', () => {
    const { lines, problems } = quoteLinesFor([{ productId: 'a', quantity: 3, unitPrice: 1250 }, { productId: 'b', quantity: 2 }], catalog(product('a'), product('b')));
    expect(problems).toEqual([]);
    expect(lines).toEqual([
      { productId: 'a', sku: 'SKU-A', name: 'Product a', unit: 'case of 12', imageUrl: '/images/a.svg', quantity: 3, unitPrice: 1250, lineTotal: 3750 },
      { productId: 'b', sku: 'SKU-B', name: 'Product b', unit: 'case of 12', imageUrl: '/images/b.svg', quantity: 2, unitPrice: null, lineTotal: 0 },
    ]);
  });

  it('refuse a product no longer sold, a missing one, and quantities off the minimum or pack size, but not beyond stock', () => {
    const products = catalog(product('off', { active: false }), product('m', { minOrderQty: 6 }), product('p', { packSize: 4, minOrderQty: 4 }), product('s', { stock: 1 }));
    const { problems } = quoteLinesFor(
      [
        { productId: 'off', quantity: 1 },
        { productId: 'gone', quantity: 1 },
        { productId: 'm', quantity: 4 },
        { productId: 'p', quantity: 10 },
        { productId: 's', quantity: 50 },
      ],
      products,
    );
    expect(problems).toEqual([
      'Product off is not available.',
      'Product gone is not available.',
      'Product m (SKU-M) has a minimum order quantity of 6.',
      'Product p (SKU-P) is sold in packs of 4; please order a multiple of 4.',
    ]);
  });
});

describe('quote totals', () => {
  it('add shipping below the free-shipping amount and the tax of the rate', () => {
    const totals = quoteTotals([{ quantity: 3, unitPrice: 1000 }], 1000);
    expect(totals).toEqual({ subtotal: 3000, shipping: SHOP_RULES.shippingFlatCents, tax: 300, total: 3300 + SHOP_RULES.shippingFlatCents });
  });

  it('ship free from the free-shipping amount and count unquoted lines as nothing', () => {
    const totals = quoteTotals([{ quantity: 1, unitPrice: SHOP_RULES.freeShippingFromCents }, { quantity: 5, unitPrice: null }], 0);
    expect(totals).toEqual({ subtotal: SHOP_RULES.freeShippingFromCents, shipping: 0, tax: 0, total: SHOP_RULES.freeShippingFromCents });
  });

  it('are priced to the first shipping address, else the billing address', () => {
    const withShipping = companyFromData('c', { shippingAddresses: [{ region: 'WA' }, { region: 'OR' }], billingAddress: { region: 'CA' } });
    expect(quoteAddress(withShipping).region).toBe('WA');
    expect(quoteAddress(companyFromData('c', { billingAddress: { region: 'CA' } })).region).toBe('CA');
  });
});

describe('quote readers', () => {
  it('read a stored quote, times as milliseconds', () => {
    const quote = quoteFromData('q1', {
      number: 'Q-000003',
      companyId: 'co',
      status: 'quoted',
      version: 2,
      createdBy: 'staff',
      lines: [{ productId: 'p1', sku: 'S', name: 'N', unit: 'box', quantity: 4, unitPrice: 250, lineTotal: 1000 }, 'junk'],
      validUntil: { toMillis: () => 5000 },
      orderId: null,
    });
    expect(quote).toMatchObject({ number: 'Q-000003', status: 'quoted', version: 2, createdBy: 'staff', validUntil: 5000, orderId: null, expiryReminderSentAt: null });
    expect(quote.lines).toEqual([{ productId: 'p1', sku: 'S', name: 'N', unit: 'box', imageUrl: '', quantity: 4, unitPrice: 250, lineTotal: 1000 }]);
  });

  it('read odd fields as the careful value: an unknown status as requested, an unpriced line as null', () => {
    const quote = quoteFromData('q1', { status: 'accepted-ish', lines: [{ productId: 'p', quantity: 1, unitPrice: -3 }], createdBy: 'root' });
    expect(quote.status).toBe('requested');
    expect(quote.createdBy).toBe('buyer');
    expect(quote.lines[0]!.unitPrice).toBeNull();
    expect(quote.validUntil).toBeNull();
  });

  it('read messages', () => {
    expect(quoteMessageFromData('m', { side: 'staff', by: 'u', byName: 'Sam', text: 'Hi', at: 7, version: 2, kind: 'quote' })).toEqual({ id: 'm', side: 'staff', by: 'u', byName: 'Sam', text: 'Hi', at: 7, version: 2, kind: 'quote' });
    expect(quoteMessageFromData('m', { side: 'admin', kind: 'hack' })).toMatchObject({ side: 'buyer', kind: 'message', version: 1 });
  });
});

describe('the quote PDF', () => {
  it('shows number, company, lines, prices, totals, validity and terms', () => {
    const quote = quoteFromData('q1', {
      number: 'Q-000009',
      companyName: 'Acme Bakery',
      status: 'quoted',
      version: 2,
      lines: [{ productId: 'p1', sku: 'FLR-1', name: 'Flour', unit: 'sack', quantity: 10, unitPrice: 1250, lineTotal: 12500 }],
      subtotal: 12500,
      shipping: 0,
      tax: 1031,
      taxRateBasisPoints: 825,
      total: 13531,
      validUntil: Date.UTC(2026, 11, 31, 23, 59, 59, 999),
      quotedAt: Date.UTC(2026, 11, 1),
    });
    const content = quoteContent(quote);
    expect(content.fileName).toBe('Q-000009-v2.pdf');
    const text = JSON.stringify(content.blocks);
    for (const expected of ['Acme Bakery', 'Q-000009', 'FLR-1', '10 sack', '$12.50', '$125.00', 'Tax (8.25%)', '$135.31', 'December 31, 2026', 'Terms']) expect(text).toContain(expected);
  });
});

describe('quote input schemas', () => {
  const line = { productId: 'p1', quantity: 2, unitPrice: 100 };

  it('read the validity day as its last millisecond, from a day or milliseconds', () => {
    const parsed = respondToQuoteInputSchema.parse({ quoteId: 'q1', version: 1, lines: [line], validUntil: '2026-12-31' });
    expect(parsed.validUntil).toBe(Date.UTC(2027, 0, 1) - 1);
    expect(parsed.message).toBe('');
    expect(createQuoteInputSchema.parse({ companyId: 'c', lines: [line], validUntil: Date.UTC(2026, 11, 31, 8) }).validUntil).toBe(Date.UTC(2027, 0, 1) - 1);
  });

  it('refuse empty, duplicated, oversized, unpriced or fractional lines', () => {
    const respond = (lines: unknown[]) => respondToQuoteInputSchema.safeParse({ quoteId: 'q1', version: 1, lines, validUntil: '2026-12-31' }).success;
    expect(respond([])).toBe(false);
    expect(respond([line, { ...line }])).toBe(false);
    expect(respond(Array.from({ length: 201 }, (_, index) => ({ ...line, productId: `p${index}` })))).toBe(false);
    expect(respond([{ productId: 'p1', quantity: 2 }])).toBe(false);
    expect(respond([{ ...line, unitPrice: 1.5 }])).toBe(false);
    expect(respond([{ ...line, unitPrice: -1 }])).toBe(false);
    expect(respond([{ ...line, quantity: 0 }])).toBe(false);
    expect(respond(Array.from({ length: 200 }, (_, index) => ({ ...line, productId: `p${index}` })))).toBe(true);
  });

  it('refuse a bad day, version or unknown field', () => {
    const base = { quoteId: 'q1', version: 1, lines: [line], validUntil: '2026-12-31' };
    expect(respondToQuoteInputSchema.safeParse({ ...base, validUntil: '31/12/2026' }).success).toBe(false);
    expect(respondToQuoteInputSchema.safeParse({ ...base, validUntil: Number.NaN }).success).toBe(false);
    expect(respondToQuoteInputSchema.safeParse({ ...base, version: 0 }).success).toBe(false);
    expect(respondToQuoteInputSchema.safeParse({ ...base, status: 'accepted' }).success).toBe(false);
    expect(respondToQuoteInputSchema.safeParse({ ...base, quoteId: 'a/b' }).success).toBe(false);
  });

  it('take a request without prices, and refuse one with them', () => {
    expect(requestQuoteInputSchema.parse({ requestId: 'request-0001', lines: [{ productId: 'p1', quantity: 3 }] }).note).toBe('');
    expect(requestQuoteInputSchema.safeParse({ requestId: 'request-0001', lines: [line] }).success).toBe(false);
    expect(requestQuoteInputSchema.safeParse({ requestId: 'short', lines: [{ productId: 'p1', quantity: 3 }] }).success).toBe(false);
    expect(requestQuoteInputSchema.safeParse({ requestId: 'request-0001', lines: [{ productId: 'p1', quantity: 3 }], note: 'x'.repeat(2001) }).success).toBe(false);
  });

  it('want a reason for a rejection only', () => {
    expect(quoteActionInputSchema.safeParse({ quoteId: 'q1', action: 'reject' }).success).toBe(false);
    expect(quoteActionInputSchema.safeParse({ quoteId: 'q1', action: 'reject', message: '   ' }).success).toBe(false);
    expect(quoteActionInputSchema.safeParse({ quoteId: 'q1', action: 'reject', message: 'Out of range' }).success).toBe(true);
    expect(quoteActionInputSchema.safeParse({ quoteId: 'q1', action: 'decline' }).success).toBe(true);
    expect(quoteActionInputSchema.safeParse({ quoteId: 'q1', action: 'accept' }).success).toBe(false);
    expect(quoteActionInputSchema.safeParse({ quoteId: 'q1', action: 'respond' }).success).toBe(false);
  });

  it('want text in a message', () => {
    expect(addQuoteMessageInputSchema.safeParse({ quoteId: 'q1', text: '  ' }).success).toBe(false);
    expect(addQuoteMessageInputSchema.parse({ quoteId: 'q1', text: ' Hello ' }).text).toBe('Hello');
  });

  it('accept with checkout’s fields, the version and what the buyer confirmed', () => {
    const input = {
      quoteId: 'q1',
      version: 2,
      requestId: 'request-0001',
      shippingAddress: { line1: '1 Main St', line2: '', city: 'Portland', region: 'OR', postalCode: '97209', country: 'US' },
      paymentMethod: 'bank-transfer',
      expected: { lines: [line], total: 200 },
    };
    expect(acceptQuoteInputSchema.parse(input)).toMatchObject({ poNumber: '', notes: '', version: 2 });
    expect(acceptQuoteInputSchema.safeParse({ ...input, saveToProfile: true }).success).toBe(false);
    expect(acceptQuoteInputSchema.safeParse({ ...input, version: undefined }).success).toBe(false);
    expect(acceptQuoteInputSchema.safeParse({ ...input, expected: undefined }).success).toBe(false);
  });
});
