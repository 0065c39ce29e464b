/**
 * Buyers ordering at the same moment: every legitimate order is placed, contention on one product
 * is retried rather than refused, and every unit is accounted for. A hundred buyers each ordering
 * a product of their own is a measurement of `npm run bench` (bench/measure.ts), which fails when
 * a unit goes unaccounted for and flags refused calls and slower calls.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { clearFirestore, switchOffTriggers } from './harness';
import { runOrderLoad } from './orderLoad';

// What an order sets off afterwards (its e-mails, the buyer's purchase summary) is tested on its
// own; here it would only queue up behind the orders.
beforeAll(async () => {
  await switchOffTriggers();
  await clearFirestore();
});

describe('placeOrder under load', () => {
  it('places every order when 10 buyers order the same product at once, selling exactly its stock', async () => {
    const buyers = 10;
    // One round; the stock is exactly what the buyers need.
    const result = await runOrderLoad({ buyers, sharedProduct: true, rounds: 1 });
    expect(result.failures).toEqual([]);
    expect(result.calls).toBe(buyers);
    // The product sold out and every unit sold is in an order: no unit sold twice, none lost.
    expect(result.stockLeft).toBe(0);
    expect(result.lowestStock).toBe(0);
    expect(result.unaccountedUnits).toBe(0);
  }, 180_000);
});
