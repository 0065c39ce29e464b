/**
 * The shared zod schemas that code on the initial path needs, in a module of its own: load it with
 * `await import('../../lib/validation')` where something must be validated. zod is about 22 KB
 * gzip, and a shopper who only browses never needs it. Lazy pages import schemas directly.
 */
export { cartItemsSchema } from '@harbor/domain';
