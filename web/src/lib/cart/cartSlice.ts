import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { addItem, cartCount, cartTotal, clearCart, removeItem, updateQuantity, type CartItem } from '@harbor/domain';

export interface CartState {
  items: CartItem[];
  /** True while the server cart is loaded and merged after sign-in. */
  loading: boolean;
}

const initialState: CartState = { items: [], loading: false };

/** Every change a shopper makes; the listener saves the cart after each of them. */
export const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    itemAdded(state, action: PayloadAction<CartItem>) {
      state.items = addItem(state.items, action.payload);
    },
    itemRemoved(state, action: PayloadAction<string>) {
      state.items = removeItem(state.items, action.payload);
    },
    quantityUpdated(state, action: PayloadAction<{ id: string; quantity: number }>) {
      state.items = updateQuantity(state.items, action.payload.id, action.payload.quantity);
    },
    cartCleared(state) {
      state.items = clearCart();
    },
    /** The cart as loaded or merged on the server; not saved again. */
    cartReplaced(state, action: PayloadAction<CartItem[]>) {
      state.items = action.payload;
    },
    cartLoadingChanged(state, action: PayloadAction<boolean>) {
      state.loading = action.payload;
    },
  },
  selectors: {
    selectCartItems: (state) => state.items,
    selectCartLoading: (state) => state.loading,
    selectCartCount: (state) => cartCount(state.items),
    selectCartTotal: (state) => cartTotal(state.items),
  },
});

export const { itemAdded, itemRemoved, quantityUpdated, cartCleared, cartReplaced, cartLoadingChanged } = cartSlice.actions;
export const { selectCartItems, selectCartLoading, selectCartCount, selectCartTotal } = cartSlice.selectors;
