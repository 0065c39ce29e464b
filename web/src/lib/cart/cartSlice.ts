import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { applyCartOperation, applyCartOperations, cartCount, cartTotal, type CartItem, type CartOperation } from '@harbor/domain';
import { signedIn, signedOut } from '../session/authSlice';

export interface CartState {
  /** The cart the buyer sees: for a signed-in buyer, the server's cart with the changes not yet saved on top. */
  items: CartItem[];
  /** True while the server cart is loaded and merged after sign-in. */
  loading: boolean;
  /** Where the cart is kept: this browser (a guest) or `carts/{uid}` (signed in). */
  owner: 'guest' | 'server';
  /** A signed-in buyer's changes not yet saved to the server, oldest first. */
  unsaved: CartOperation[];
  /** The server's cart as last read or written. */
  serverItems: CartItem[];
}

const initialState: CartState = { items: [], loading: false, owner: 'guest', unsaved: [], serverItems: [] };

/** Records a buyer's change: shown at once, and queued for the server when signed in. */
function change(state: CartState, operation: CartOperation): void {
  state.items = applyCartOperation(state.items, operation);
  if (state.owner === 'server') state.unsaved.push(operation);
}

/** The buyer's changes; listeners save them (local storage for a guest, the server when signed in). */
export const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    itemAdded(state, action: PayloadAction<CartItem>) {
      change(state, { kind: 'add', item: action.payload });
    },
    itemRemoved(state, action: PayloadAction<string>) {
      change(state, { kind: 'remove', id: action.payload });
    },
    quantityUpdated(state, action: PayloadAction<{ id: string; quantity: number }>) {
      change(state, { kind: 'setQuantity', ...action.payload });
    },
    cartCleared(state) {
      change(state, { kind: 'clear' });
    },
    /** A guest cart read from local storage (at start, or changed by another tab); not saved again. */
    cartReplaced(state, action: PayloadAction<CartItem[]>) {
      state.items = action.payload;
    },
    /** The server's cart as it is now (merged at sign-in, or changed anywhere); unsaved changes stay on top. */
    serverCartChanged(state, action: PayloadAction<CartItem[]>) {
      state.serverItems = action.payload;
      state.items = applyCartOperations(action.payload, state.unsaved);
    },
    /** The oldest unsaved change reached the server, which now holds `items`. */
    cartChangeSaved(state, action: PayloadAction<CartItem[]>) {
      state.unsaved.shift();
      state.serverItems = action.payload;
      state.items = applyCartOperations(action.payload, state.unsaved);
    },
    cartLoadingChanged(state, action: PayloadAction<boolean>) {
      state.loading = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(signedIn, (state) => {
        // The guest lines stay on screen until the merge answers; changes made meanwhile follow it.
        state.owner = 'server';
        state.loading = true;
        state.unsaved = [];
        state.serverItems = [];
      })
      .addCase(signedOut, (state) => {
        state.owner = 'guest';
        state.unsaved = [];
        state.serverItems = [];
      });
  },
  selectors: {
    selectCartItems: (state) => state.items,
    selectCartLoading: (state) => state.loading,
    selectCartCount: (state) => cartCount(state.items),
    selectCartTotal: (state) => cartTotal(state.items),
    /** True while a signed-in buyer's change is not yet on the server. */
    selectCartSaving: (state) => state.unsaved.length > 0,
  },
});

export const { itemAdded, itemRemoved, quantityUpdated, cartCleared, cartReplaced, serverCartChanged, cartChangeSaved, cartLoadingChanged } =
  cartSlice.actions;
export const { selectCartItems, selectCartLoading, selectCartCount, selectCartTotal, selectCartSaving } = cartSlice.selectors;
