import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { applyCartOperation, applyCartOperations, cartChangesSince, cartCount, cartTotal, type CartItem, type CartOperation } from '@harbor/domain';
import { sessionRestoring, signedIn, signedOut } from '../session/authSlice';

/** A signed-in buyer's change waiting for the server. The id makes applying it idempotent. */
export interface QueuedCartOperation {
  id: string;
  operation: CartOperation;
}

/** The server's cart: its lines and the ids of the last operations applied to it. */
export interface ServerCart {
  items: CartItem[];
  appliedOperations: string[];
}

export interface CartState {
  /** The cart the buyer sees: for a signed-in buyer, the server's cart with the changes not yet saved on top. */
  items: CartItem[];
  /** True while the server cart is loaded and merged after sign-in. */
  loading: boolean;
  /** Where the cart is kept: this browser (a guest) or `carts/{uid}` (signed in). */
  owner: 'guest' | 'server';
  /** A signed-in buyer's changes not yet on the server, oldest first. */
  unsaved: QueuedCartOperation[];
  /** The server's cart as last read or written. */
  serverItems: CartItem[];
  /** A signed-in buyer's cart is merged with the guest cart and followed; until then nothing is saved. */
  connected: boolean;
  /**
   * While a stored session is restored, whose cart this is is not known yet: the guest cart the
   * buyer's changes are made on, the changes themselves waiting in `unsaved`. Restored, they are
   * the buyer's own changes to the saved cart; if the session is gone, the guest's.
   */
  guestItemsBeforeSession: CartItem[] | null;
}

const initialState: CartState = { items: [], loading: false, owner: 'guest', unsaved: [], serverItems: [], connected: false, guestItemsBeforeSession: null };

function showServerCart(state: CartState, items: CartItem[]): void {
  state.serverItems = items;
  state.items = applyCartOperations(
    items,
    state.unsaved.map((queued) => queued.operation),
  );
}

/**
 * The units added while a stored session was restored, as the signed-in buyer's own changes: one
 * add per product, under the id of a change that added to it (unique, so the saved cart applies it
 * once). Lowering, removing or clearing in that moment touched only the guest lines, merged as such.
 */
function addedWhileRestoring(state: CartState, guestItems: CartItem[]): QueuedCartOperation[] {
  return cartChangesSince(guestItems, state.items).added.flatMap((item) => {
    const change = state.unsaved.find(({ operation }) => operation.kind === 'add' && operation.item.id === item.id);
    return change ? [{ id: change.id, operation: { kind: 'add' as const, item } }] : [];
  });
}

/**
 * A new owner starts with nothing read from the server and, but for the units added while a
 * stored session was restored, nothing queued; a signed-in cart loads.
 */
function changeOwner(state: CartState, owner: CartState['owner']): void {
  const guestItems = state.guestItemsBeforeSession;
  state.unsaved = owner === 'server' && guestItems !== null ? addedWhileRestoring(state, guestItems) : [];
  state.owner = owner;
  state.loading = owner === 'server';
  state.connected = false;
  state.serverItems = [];
  state.guestItemsBeforeSession = null;
}

/** Each change carries an id of its own (made when it is dispatched, so the reducer stays pure). */
const withOperationId = <Payload>(payload: Payload) => ({ payload, meta: { operationId: nanoid() } });
type Change<Payload> = PayloadAction<Payload, string, { operationId: string }>;

/** Records a buyer's change: shown at once, and queued for the server when signed in (or maybe signed in). */
function change(state: CartState, operation: CartOperation, id: string): void {
  state.items = applyCartOperation(state.items, operation);
  if (state.owner === 'server' || state.guestItemsBeforeSession !== null) state.unsaved.push({ id, operation });
}

/** The buyer's changes; listeners save them (local storage for a guest, the server when signed in). */
export const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    itemAdded: {
      reducer: (state, action: Change<CartItem>) => change(state, { kind: 'add', item: action.payload }, action.meta.operationId),
      prepare: withOperationId<CartItem>,
    },
    itemRemoved: {
      reducer: (state, action: Change<string>) => change(state, { kind: 'remove', id: action.payload }, action.meta.operationId),
      prepare: withOperationId<string>,
    },
    quantityUpdated: {
      reducer: (state, action: Change<{ id: string; quantity: number }>) => change(state, { kind: 'setQuantity', ...action.payload }, action.meta.operationId),
      prepare: withOperationId<{ id: string; quantity: number }>,
    },
    cartCleared: {
      reducer: (state, action: Change<undefined>) => change(state, { kind: 'clear' }, action.meta.operationId),
      prepare: () => withOperationId(undefined),
    },
    /** A guest cart read from local storage (at start, or changed by another tab); not saved again. */
    cartReplaced(state, action: PayloadAction<CartItem[]>) {
      if (state.guestItemsBeforeSession !== null) {
        state.guestItemsBeforeSession = action.payload;
        state.items = applyCartOperations(
          action.payload,
          state.unsaved.map((queued) => queued.operation),
        );
      } else state.items = action.payload;
    },
    /**
     * The server's cart as it is now (merged at sign-in, or changed anywhere). Changes it already
     * holds leave the queue; the others stay on top of it.
     */
    serverCartChanged(state, action: PayloadAction<ServerCart>) {
      const applied = new Set(action.payload.appliedOperations);
      state.unsaved = state.unsaved.filter((queued) => !applied.has(queued.id));
      showServerCart(state, action.payload.items);
    },
    /**
     * A change reached the server, which then held `items`. When the listener already reported a
     * cart that holds it (which may be newer still), that cart stands.
     */
    cartChangeSaved(state, action: PayloadAction<{ id: string; items: CartItem[] }>) {
      if (!state.unsaved.some((queued) => queued.id === action.payload.id)) return;
      state.unsaved = state.unsaved.filter((queued) => queued.id !== action.payload.id);
      showServerCart(state, action.payload.items);
    },
    /** The server refused a change for good (not a connection problem): it is dropped. */
    cartChangeRefused(state, action: PayloadAction<string>) {
      state.unsaved = state.unsaved.filter((queued) => queued.id !== action.payload);
      showServerCart(state, state.serverItems);
    },
    /**
     * Changes this tab had not saved when the page was left (kept in session storage); they go
     * first, as they were made first, and are saved like any other.
     */
    unsavedChangesRestored(state, action: PayloadAction<QueuedCartOperation[]>) {
      const queued = new Set(state.unsaved.map((change) => change.id));
      state.unsaved = [...action.payload.filter((change) => !queued.has(change.id)), ...state.unsaved];
      showServerCart(state, state.serverItems);
    },
    cartLoadingChanged(state, action: PayloadAction<boolean>) {
      state.loading = action.payload;
    },
    /** The sign-in merge is done and the server cart followed: changes can be saved. */
    cartConnected(state) {
      state.connected = true;
    },
  },
  extraReducers: (builder) => {
    builder
      // The guest lines stay on screen until the merge answers; changes made meanwhile follow it.
      .addCase(signedIn, (state) => changeOwner(state, 'server'))
      .addCase(signedOut, (state) => changeOwner(state, 'guest'))
      .addCase(sessionRestoring, (state) => {
        if (state.owner === 'guest' && state.guestItemsBeforeSession === null) state.guestItemsBeforeSession = state.items;
      });
  },
  selectors: {
    selectCartItems: (state) => state.items,
    selectCartLoading: (state) => state.loading,
    selectCartCount: (state) => cartCount(state.items),
    selectCartTotal: (state) => cartTotal(state.items),
    /** True while a signed-in buyer's cart is not yet all on the server (a change, or the sign-in merge). */
    selectCartSaving: (state) => state.owner === 'server' && (state.unsaved.length > 0 || !state.connected),
  },
});

export const { itemAdded, itemRemoved, quantityUpdated, cartCleared, cartReplaced, serverCartChanged, cartChangeSaved, cartChangeRefused, unsavedChangesRestored, cartLoadingChanged, cartConnected } =
  cartSlice.actions;
export const { selectCartItems, selectCartLoading, selectCartCount, selectCartTotal, selectCartSaving } = cartSlice.selectors;
