/**
 * Buyers ordering at the same moment: every legitimate order is placed, contention on one product
 * is retried rather than refused, and every unit is accounted for.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearFirestore, switchOffTriggers } from './harness';
import { runOrderLoad, type OrderLoadOptions } from './orderLoad';

// What an order sets off afterwards (its e-mails, the buyer's purchase summary) is tested on its
// own; here it would only queue up behind hundreds of orders.
beforeAll(switchOffTriggers);
beforeEach(clearFirestore);

/** Runs one round of `buyers` simultaneous orders; the stock is exactly what they need. */
async function expectEveryOrderPlaced(options: Omit<OrderLoadOptions, 'rounds'>): Promise<void> {
  const result = await runOrderLoad({ ...options, rounds: 1 });
  expect(result.failures).toEqual([]);
  expect(result.calls).toBe(options.buyers);
  // Every product sold out and every unit sold is in an order: no unit sold twice, none lost.
  expect(result.stockLeft).toBe(0);
  expect(result.lowestStock).toBe(0);
  expect(result.unaccountedUnits).toBe(0);
}

describe('placeOrder under load', () => {
  it('places every order when 20 buyers order the same product at once, selling exactly its stock', async () => {
    await expectEveryOrderPlaced({ buyers: 20, sharedProduct: true });
  }, 180_000);

  it('places every order when 100 buyers order different products at once', async () => {
    await expectEveryOrderPlaced({ buyers: 100, sharedProduct: false });
  }, 300_000);
});
