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
