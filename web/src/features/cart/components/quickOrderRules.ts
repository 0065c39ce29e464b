/**
 * The quick order box's rules, on their own so that QuickOrder loads them (and zod, 90 KB of
 * script) with the first check rather than with the cart page, whose first view does not need them.
 */
export { quickOrderInputSchema } from '@harbor/domain';
