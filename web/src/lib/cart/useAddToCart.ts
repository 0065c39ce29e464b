import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../toast';
import { addToCartProblem, cartItemFor, type Orderable } from '@harbor/domain';
import { paths } from '../../config';
import { useAppDispatch } from '../hooks';
import { itemAdded } from './cartSlice';
import { useCart } from './useCart';
import { useContractPricing } from '../company';

/**
 * Adds a quantity of a product to the cart at the tier price it reaches, or explains in a toast
 * why it cannot (quantity rules, stock counting what the cart already holds). Returns whether
 * it was added.
 */
export function useAddToCart(): (product: Orderable, quantity: number) => boolean {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { items } = useCart();
  const contract = useContractPricing();
  return useCallback(
    (product, quantity) => {
      const problem = addToCartProblem(product, quantity, items);
      if (problem) {
        toast.error(problem);
        return false;
      }
      dispatch(itemAdded(cartItemFor(product, quantity, contract)));
      toast.success(`Added ${quantity} × ${product.name} to your cart.`, { action: { label: 'View cart', onClick: () => navigate(paths.cart) } });
      return true;
    },
    [contract, dispatch, items, navigate],
  );
}
