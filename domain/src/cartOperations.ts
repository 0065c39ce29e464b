import { addItem, clearCart, removeItem, updateQuantity, type CartItem } from './cart';
import { SHOP_RULES } from './config';

/**
 * One change a buyer makes to a cart. A signed-in buyer's changes are applied, one at a time, to
 * the cart as it is on the server (in a transaction), never by overwriting it with the browser's
 * copy: two tabs or devices changing one cart both keep their changes.
 */
export type CartOperation =
  | { kind: 'add'; item: CartItem }
  | { kind: 'remove'; id: string }
  | { kind: 'setQuantity'; id: string; quantity: number }
  | { kind: 'clear' };

/** The cart after one operation. A new line beyond the cart's line limit is not added. */
export function applyCartOperation(items: readonly CartItem[], operation: CartOperation): CartItem[] {
  switch (operation.kind) {
    case 'add': {
      const isNewLine = !items.some((line) => line.id === operation.item.id);
      if (isNewLine && items.length >= SHOP_RULES.maxCartLines) return [...items];
      return addItem(items, operation.item);
    }
    case 'remove':
      return removeItem(items, operation.id);
    case 'setQuantity':
      return updateQuantity(items, operation.id, operation.quantity);
    case 'clear':
      return clearCart();
  }
}

/** The cart after several operations, in order: the server's cart plus changes not yet saved. */
export function applyCartOperations(items: readonly CartItem[], operations: readonly CartOperation[]): CartItem[] {
  return operations.reduce<CartItem[]>((cart, operation) => applyCartOperation(cart, operation), [...items]);
}

/**
 * What a cart's changes amount to, line by line, between `before` and `after`: the lines of
 * `before` as far as they were kept (a line removed or lowered counts as such), and the units
 * added on top. Changes made while it is not yet known whose cart this is (a stored sign-in being
 * restored) are split so: the kept lines are the guest's, merged as a guest cart is; only the
 * units added go onto a saved cart, so no removal or "clear" reaches lines the buyer never saw.
 */
export function cartChangesSince(before: readonly CartItem[], after: readonly CartItem[]): { kept: CartItem[]; added: CartItem[] } {
  const quantityAfter = new Map(after.map((item) => [item.id, item.quantity]));
  const quantityBefore = new Map(before.map((item) => [item.id, item.quantity]));
  return {
    kept: before.flatMap((item) => {
      const quantity = Math.min(item.quantity, quantityAfter.get(item.id) ?? 0);
      return quantity > 0 ? [{ ...item, quantity }] : [];
    }),
    added: after.flatMap((item) => {
      const quantity = item.quantity - (quantityBefore.get(item.id) ?? 0);
      return quantity > 0 ? [{ ...item, quantity }] : [];
    }),
  };
}

