/**
 * Stock arriving for products that open orders wait for: the units go to the oldest backorders
 * first, in the transaction that adds the stock (adjustStock, saveProduct, importProducts, a
 * cancellation giving units back), so no order placed meanwhile can take them and no unit is
 * counted twice: the product and every order filled are written in that one transaction.
 */
import { FieldValue, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { allocateArrival, fillBackorders, fulfilmentIndex, orderFromData, type FulfilledItem, type Order } from '@harbor/domain';
import { db } from './admin';
import { queueBackorderReadyMail } from './mail/orderMail';

/** Orders read at most per product and arrival; more wait for the next arrival (a product rarely owes more). */
const WAITING_ORDERS_READ = 100;

interface WaitingOrder {
  snapshot: DocumentSnapshot;
  order: Order;
  items: FulfilledItem[];
  /** Units given per product by this arrival. */
  filled: Map<string, number>;
}

export interface BackorderFill {
  /**
   * Gives what a product has on the shelf (`stock`, after the change) to the orders waiting for it,
   * oldest first, and answers the product's stock and backordered units after that.
   */
  fill(productId: string, stock: number, backordered: number): { stock: number; backordered: number };
  /** Writes the orders filled and queues each buyer's "ready to ship" e-mail; after the transaction's last read. */
  write(): void;
}

/**
 * Reads the open orders waiting for the products that owe units (`backordered` > 0), oldest first,
 * before the transaction's first write. `exceptOrderId`: an order the transaction changes itself
 * (a cancellation), never filled here.
 */
export async function prepareBackorderFill(transaction: Transaction, products: readonly { id: string; backordered: number }[], exceptOrderId?: string): Promise<BackorderFill> {
  const waiting = new Map<string, WaitingOrder>();
  const owing = products.filter((product) => product.backordered > 0);
  const results = await Promise.all(
    owing.map((product) => transaction.get(db.collection('orders').where('backorderedProductIds', 'array-contains', product.id).orderBy('createdAt').limit(WAITING_ORDERS_READ))),
  );
  for (const snapshot of results.flatMap((result) => result.docs)) {
    if (snapshot.id === exceptOrderId || waiting.has(snapshot.id)) continue;
    const order = orderFromData(snapshot.id, snapshot.data());
    waiting.set(snapshot.id, { snapshot, order, items: order.items, filled: new Map() });
  }
  const arrival = Date.now();
  return {
    fill(productId, stock, backordered) {
      const candidates = [...waiting.values()].map((each) => ({ id: each.order.id, createdAt: each.order.createdAt, backordered: each.items.find((item) => item.productId === productId)?.backordered ?? 0 }));
      const fills = fillBackorders(candidates, Math.min(stock, backordered));
      let given = 0;
      for (const { orderId, units } of fills) {
        const entry = waiting.get(orderId)!;
        entry.items = allocateArrival(entry.items, productId, units);
        entry.filled.set(productId, (entry.filled.get(productId) ?? 0) + units);
        given += units;
      }
      return { stock: stock - given, backordered: backordered - given };
    },
    write() {
      for (const { snapshot, order, items, filled } of waiting.values()) {
        if (filled.size === 0) continue;
        transaction.update(snapshot.ref, { items, ...fulfilmentIndex(order.status, items, order.shipComplete), updatedAt: FieldValue.serverTimestamp() });
        queueBackorderReadyMail(transaction, order.id, order.userEmail, arrival, [...filled].map(([productId, units]) => ({ productId, units })));
      }
    },
  };
}
