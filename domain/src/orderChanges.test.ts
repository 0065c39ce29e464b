import { describe, expect, it } from 'vitest';
import { orderLinesFromCart, priceOrder, type OrderLineRequest } from './checkout';
import { expectedOrder, orderChangedMessage, orderChanges, orderChangesIn, type OrderChange } from './orderChanges';
import { cartItemFor, type Orderable } from './ordering';
import { placeOrderInputSchema, type ExpectedOrder } from './callableSchemas';
import { firstIssueMessage, readableIssue } from './schemas';
import { catalog, line, product } from './testCatalog';

/** What the buyer confirmed: the checkout summary priced from `products` at that moment. */
const confirmed = (lines: OrderLineRequest[], ...products: Orderable[]) => expectedOrder(priceOrder(lines, catalog(...products)));

describe('expectedOrder', () => {
  it('takes each line at the unit price its quantity reaches, and the total shown', () => {
    const tiered = product('t', { price: 1000, tiers: [{ minQty: 20, price: 900 }] });
    const cart = [cartItemFor(tiered, 20), cartItemFor(product('a'), 1)];
    expect(expectedOrder(priceOrder(orderLinesFromCart(cart), catalog(tiered, product('a'))))).toEqual({
      lines: [
        { productId: 't', quantity: 20, unitPrice: 900 },
        { productId: 'a', quantity: 1, unitPrice: 5000 },
      ],
      // 18,000 + 5,000 = 23,000; shipping 2,500; tax 1,840.
      total: 27340,
    });
  });

  it('combines a product listed twice in the cart into one line, as the server prices it', () => {
    expect(confirmed([line('a', 2), line('a', 3)], product('a')).lines).toEqual([{ productId: 'a', quantity: 5, unitPrice: 5000 }]);
  });
});

describe('orderChanges', () => {
  it('finds nothing when the server charges what the buyer confirmed', () => {
    const lines = [line('a', 3), line('b', 1)];
    expect(orderChanges(confirmed(lines, product('a'), product('b')), priceOrder(lines, catalog(product('a'), product('b'))))).toEqual([]);
  });

  it('lists a changed price and the changed total', () => {
    const lines = [line('a', 3)];
    const changes = orderChanges(confirmed(lines, product('a')), priceOrder(lines, catalog(product('a', { price: 5500 }))));
    expect(changes).toEqual<OrderChange[]>([
      { kind: 'price', productId: 'a', name: 'Product a', from: 5000, to: 5500, message: 'The price of Product a (SKU-A) changed from $50.00 to $55.00.' },
      { kind: 'total', from: 18700, to: 20320, message: 'The order total changed from $187.00 to $203.20.' },
    ]);
  });

  it('lists a changed quantity, and the tier price it now reaches', () => {
    const tiered = product('t', { price: 1000, tiers: [{ minQty: 20, price: 900 }] });
    const changes = orderChanges(confirmed([line('t', 12)], tiered), priceOrder([line('t', 24)], catalog(tiered)));
    expect(changes.map((change) => change.kind)).toEqual(['quantity', 'price', 'total']);
    expect(changes[0]).toEqual({
      kind: 'quantity',
      productId: 't',
      name: 'Product t',
      from: 12,
      to: 24,
      message: 'The quantity of Product t (SKU-T) in your cart changed from 12 to 24.',
    });
    expect(changes[1]).toMatchObject({ kind: 'price', from: 1000, to: 900 });
  });

  it('lists lines added to and removed from the server cart', () => {
    const changes = orderChanges(confirmed([line('a', 3)], product('a')), priceOrder([line('b', 4)], catalog(product('a'), product('b'))));
    expect(changes).toEqual<OrderChange[]>([
      { kind: 'removed', productId: 'a', quantity: 3, message: 'An item you confirmed (quantity 3) is no longer in your cart.' },
      { kind: 'added', productId: 'b', name: 'Product b', quantity: 4, message: 'Your cart now also holds 4 of Product b (SKU-B).' },
      { kind: 'total', from: 18700, to: 24100, message: 'The order total changed from $187.00 to $241.00.' },
    ]);
  });

  it('lists every confirmed line as removed when the server cart is empty', () => {
    const changes = orderChanges(confirmed([line('a', 3), line('b', 1)], product('a'), product('b')), priceOrder([], catalog(product('a'), product('b'))));
    expect(changes.map((change) => [change.kind, 'productId' in change ? change.productId : null])).toEqual([
      ['removed', 'a'],
      ['removed', 'b'],
      ['total', null],
    ]);
  });

  it('lists a product no longer sold by id alone, the same whether inactive or missing', () => {
    const lines = [line('a', 3), line('x', 2)];
    const seen = confirmed(lines, product('a'), product('x'));
    const inactive = orderChanges(seen, priceOrder(lines, catalog(product('a'), product('x', { active: false, name: 'Secret', price: 1 }))));
    const missing = orderChanges(seen, priceOrder(lines, catalog(product('a'))));
    expect(inactive).toEqual(missing);
    expect(inactive[0]).toEqual({ kind: 'unavailable', productId: 'x', message: 'An item in your cart is no longer available.' });
    expect(JSON.stringify(inactive)).not.toMatch(/Secret|SKU-X/);
  });

  it('lists an unavailable product the buyer did not confirm as unavailable, not as added', () => {
    const changes = orderChanges(confirmed([line('a', 3)], product('a')), priceOrder([line('a', 3), line('x', 1)], catalog(product('a'))));
    expect(changes).toEqual([{ kind: 'unavailable', productId: 'x', message: 'An item in your cart is no longer available.' }]);
  });

  it('lists a total that differs even when every line matches', () => {
    const lines = [line('a', 3)];
    const seen: ExpectedOrder = { ...confirmed(lines, product('a')), total: 1 };
    expect(orderChanges(seen, priceOrder(lines, catalog(product('a'))))).toEqual([{ kind: 'total', from: 1, to: 18700, message: 'The order total changed from $0.01 to $187.00.' }]);
  });

  it('leaves stock, minimum and pack-size rules to the refusals priceOrder already words', () => {
    const lines = [line('a', 3)];
    const priced = priceOrder(lines, catalog(product('a', { stock: 1 })));
    expect(orderChanges(confirmed(lines, product('a')), priced)).toEqual([]);
    expect(priced.problems).toEqual(['Only 1 of Product a (SKU-A) is in stock.']);
  });
});

describe('orderChangedMessage', () => {
  it('says what changed, each sentence once, and asks the buyer to confirm again', () => {
    const lines = [line('a', 3), line('x', 1), line('y', 1)];
    const changes = orderChanges(confirmed(lines, product('a'), product('x'), product('y')), priceOrder(lines, catalog(product('a'))));
    expect(orderChangedMessage(changes)).toBe(
      'Your order changed since you confirmed it. An item in your cart is no longer available. The order total changed from $295.00 to $187.00. Please review your order and confirm it again.',
    );
  });

  it('sums up what it does not list', () => {
    const lines = Array.from({ length: 6 }, (_, index) => line(`p${index}`, 1));
    const products = lines.map(({ productId }) => product(productId));
    const changes = orderChanges(confirmed(lines, ...products), priceOrder(lines, catalog(...products.map((entry) => ({ ...entry, price: 6000 })))));
    const message = orderChangedMessage(changes);
    expect(message).toMatch(/^Your order changed since you confirmed it\. (The price of Product p\d \(SKU-P\d\) changed from \$50\.00 to \$60\.00\. ){4}And 3 more changes\. Please review/);
  });
});

describe('the confirmed order in placeOrder input', () => {
  const valid = {
    requestId: 'request-0001',
    shippingAddress: { line1: '1 Pier St', line2: '', city: 'Portland', region: '', postalCode: '04101', country: 'United States' },
    company: '',
    paymentMethod: 'invoice-net30',
    expected: { lines: [{ productId: 'a', quantity: 3, unitPrice: 5000 }], total: 18700 },
  };
  const messageFor = (expected: unknown) => {
    const result = placeOrderInputSchema.safeParse({ ...valid, expected }, { error: readableIssue });
    return result.success ? null : firstIssueMessage(result.error);
  };

  it('accepts the lines and total shown, an empty cart included', () => {
    expect(messageFor(valid.expected)).toBeNull();
    expect(messageFor({ lines: [], total: 0 })).toBeNull();
  });

  it('is required', () => {
    const { expected: _omitted, ...withoutExpected } = valid;
    const result = placeOrderInputSchema.safeParse(withoutExpected, { error: readableIssue });
    expect(result.success ? null : firstIssueMessage(result.error)).toBe('expected is required.');
  });

  it('refuses malformed lines and totals with readable messages', () => {
    const one = (extra: object) => ({ lines: [{ productId: 'a', quantity: 3, unitPrice: 5000, ...extra }], total: 18700 });
    expect(messageFor(one({ quantity: 0 }))).toBe('expected.lines[0].quantity: Quantity must be at least 1.');
    expect(messageFor(one({ quantity: 1.5 }))).toBe('expected.lines[0].quantity: Quantity must be a whole number.');
    expect(messageFor(one({ unitPrice: 49.99 }))).toBe('expected.lines[0].unitPrice: Must be whole cents.');
    expect(messageFor(one({ unitPrice: -1 }))).toBe('expected.lines[0].unitPrice: Must not be negative.');
    expect(messageFor(one({ productId: 'a/b' }))).toBe('expected.lines[0].productId: Product id may not contain "/".');
    expect(messageFor(one({ name: 'A' }))).toBe('expected.lines[0] has unknown field: name.');
    expect(messageFor({ ...one({}), total: -5 })).toBe('expected.total: The total must not be negative.');
    expect(messageFor({ ...one({}), total: 1.5 })).toBe('expected.total: The total must be whole cents.');
    expect(messageFor({ ...one({}), total: 1e300 })).toMatch(/^expected\.total: The total /);
    expect(messageFor({ lines: [] })).toBe('expected.total is required.');
  });

  it('refuses a product listed twice and more lines than a cart holds', () => {
    const twice = { lines: [{ productId: 'a', quantity: 1, unitPrice: 5000 }, { productId: 'a', quantity: 2, unitPrice: 5000 }], total: 15000 };
    expect(messageFor(twice)).toBe('expected.lines[1].productId: Each product may appear on one line only.');
    const many = { lines: Array.from({ length: 201 }, (_, index) => ({ productId: `p${index}`, quantity: 1, unitPrice: 100 })), total: 20100 };
    expect(messageFor(many)).toBe('expected.lines: An order holds at most 200 lines.');
  });
});

describe('orderChangesIn', () => {
  it('reads the changes of a refusal', () => {
    const changes = [{ kind: 'total', from: 100, to: 120, message: 'The total changed from $1.00 to $1.20.' }];
    expect(orderChangesIn({ changes })).toEqual(changes);
  });

  it('is null for details without changes and skips entries it does not know', () => {
    expect(orderChangesIn(undefined)).toBeNull();
    expect(orderChangesIn({ changes: [] })).toBeNull();
    expect(orderChangesIn({ changes: [{ kind: 'mystery', message: 'x' }, 'text'] })).toBeNull();
    expect(orderChangesIn({ changes: [{ kind: 'unavailable', productId: 'p', message: 'gone' }, { kind: 'other' }] })).toHaveLength(1);
  });
});
