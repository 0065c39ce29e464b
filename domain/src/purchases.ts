/**
 * "Buy again": per buyer, the products it has ordered, how often, when last and how many. Kept in
 * `purchaseSummaries/{uid}` by a trigger on order creation (functions/src/purchaseSummary.ts), so
 * /profile reads one document instead of every order.
 */
import { isRecord, storedNumber, storedText } from './storedFields';

export interface PurchasedProduct {
  productId: string;
  name: string;
  sku: string;
  /** Orders that held it. */
  orders: number;
  /** Milliseconds. */
  lastOrderedAt: number;
  lastQuantity: number;
}

export interface PurchaseSummary {
  products: PurchasedProduct[];
  /** The orders already counted, newest last (a retried trigger counts an order once). */
  orderIds: string[];
}

/** Products kept per buyer (the least ordered, then the oldest, drop out first). */
export const MAX_PURCHASED_PRODUCTS = 300;
/** Order ids remembered for idempotency. */
export const MAX_COUNTED_ORDERS = 100;

export const emptyPurchaseSummary: PurchaseSummary = { products: [], orderIds: [] };

/** Most frequent first, then the most recent, then by name. */
export function byFrequency(a: PurchasedProduct, b: PurchasedProduct): number {
  return b.orders - a.orders || b.lastOrderedAt - a.lastOrderedAt || a.name.localeCompare(b.name);
}

export function purchaseSummaryFromData(data: Record<string, unknown> | undefined): PurchaseSummary {
  if (!data) return emptyPurchaseSummary;
  const products = Array.isArray(data.products) ? data.products : [];
  return {
    products: products
      .flatMap((entry: unknown) => {
        if (!isRecord(entry) || typeof entry.productId !== 'string') return [];
        return [
          {
            productId: entry.productId,
            name: storedText(entry.name),
            sku: storedText(entry.sku),
            orders: storedNumber(entry.orders, 1),
            lastOrderedAt: storedNumber(entry.lastOrderedAt, 0),
            lastQuantity: storedNumber(entry.lastQuantity, 1),
          },
        ];
      })
      .sort(byFrequency),
    orderIds: Array.isArray(data.orderIds) ? data.orderIds.filter((id): id is string => typeof id === 'string') : [],
  };
}

export interface OrderedLine {
  productId: string;
  name: string;
  sku: string;
  quantity: number;
}

/** The summary with one more order counted; unchanged when that order was counted already. */
export function withOrder(summary: PurchaseSummary, orderId: string, orderedAt: number, lines: readonly OrderedLine[]): PurchaseSummary {
  if (summary.orderIds.includes(orderId)) return summary;
  const byId = new Map(summary.products.map((product) => [product.productId, product]));
  const seen = new Set<string>();
  for (const line of lines) {
    if (seen.has(line.productId)) continue;
    seen.add(line.productId);
    const before = byId.get(line.productId);
    const later = !before || orderedAt >= before.lastOrderedAt;
    byId.set(line.productId, {
      productId: line.productId,
      name: later ? line.name : before.name,
      sku: later ? line.sku : before.sku,
      orders: (before?.orders ?? 0) + 1,
      lastOrderedAt: later ? orderedAt : before.lastOrderedAt,
      lastQuantity: later ? line.quantity : before.lastQuantity,
    });
  }
  return {
    products: [...byId.values()].sort(byFrequency).slice(0, MAX_PURCHASED_PRODUCTS),
    orderIds: [...summary.orderIds, orderId].slice(-MAX_COUNTED_ORDERS),
  };
}
