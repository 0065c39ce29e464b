import type { CartUnitsTaken, Quote } from '@harbor/domain';

/** Whose cart a quote was asked from, as the reader says it: "your cart", "Dana Reyes's cart". */
export function requesterCart(quote: Pick<Quote, 'requestedBy' | 'requestedByName'>, uid: string | undefined): string {
  if (quote.requestedBy === uid) return 'your cart';
  return quote.requestedByName ? `${quote.requestedByName}'s cart` : 'the cart it was asked from';
}

/**
 * What accepting took out of a cart, as a sentence ("15 × Copy Paper were taken out of your cart,
 * so they are not ordered twice."); '' for nothing. Several products are counted: their names hold
 * commas of their own.
 */
export function takenFromCartSentence(taken: readonly CartUnitsTaken[], cart: string): string {
  const [first, ...others] = taken;
  if (!first) return '';
  if (others.length > 0) return `The quoted quantities of ${taken.length} products were taken out of ${cart}, so they are not ordered twice.`;
  const one = first.quantity === 1;
  return `${first.quantity} × ${first.name} ${one ? 'was' : 'were'} taken out of ${cart}, so ${one ? 'it is' : 'they are'} not ordered twice.`;
}
