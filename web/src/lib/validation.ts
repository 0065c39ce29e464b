/**
 * The shared zod schemas that code on the initial path needs, in a module of its own: load it with
 * `await import('../../lib/validation')` where something must be validated. zod is about 22 KB
 * gzip, and a shopper who only browses never needs it. Lazy pages import schemas directly.
 */
import { z } from 'zod';
import { cartOperationSchema } from '@harbor/domain';

export { cartItemsSchema } from '@harbor/domain';

/** A signed-in buyer's cart change that the server had not applied yet (`QueuedCartOperation`). */
export const queuedCartOperationSchema = z.strictObject({ id: z.string().min(1).max(64), operation: cartOperationSchema });
