import type { AppDispatch } from '../../lib/hooks';
import { cartLoadingChanged, cartReplaced } from '../../lib/cart';
import { readGuestCart } from './guestCartStorage';

/**
 * Puts the guest cart saved in this browser into the store. The cart shows as loading meanwhile:
 * reading a stored cart may first download its validation code.
 */
export async function restoreGuestCart(dispatch: AppDispatch): Promise<void> {
  dispatch(cartLoadingChanged(true));
  try {
    dispatch(cartReplaced(await readGuestCart()));
  } finally {
    dispatch(cartLoadingChanged(false));
  }
}
