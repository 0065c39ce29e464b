/** Kept apart from ordering.ts so the storefront's initial code ships without zod. */
import { z } from 'zod';

/** The quick order form: pasted lines, read by `parseQuickOrder`. */
export const quickOrderInputSchema = z.strictObject({
  lines: z
    .string()
    .refine((text) => text.trim() !== '', 'Paste at least one line: a SKU and a quantity.')
    .refine((text) => text.length <= 20_000, 'That is too much text for one quick order.'),
});
export type QuickOrderInput = z.infer<typeof quickOrderInputSchema>;
