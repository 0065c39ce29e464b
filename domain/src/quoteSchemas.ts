/** Input schemas of the quote callables (zod, kept off the first page like callableSchemas.ts). */
import { z } from 'zod';
import { expectedLineSchema, placeOrderInputSchema } from './callableSchemas';
import { endOfUtcDay, MAX_QUOTE_LINES, QUOTE_ACTIONS } from './quotes';
import { documentIdSchema, eachProductOnce, lineQuantitySchema, requestIdSchema, utcDaySchema } from './schemas';

const quoteIdSchema = documentIdSchema('Quote id');
const versionSchema = z.number('Give the version of the quote you saw.').int('The version must be a whole number.').min(1, 'The version must be at least 1.').max(1_000_000, 'The version is too large.');
const text = (label: string, max: number) => z.string().trim().max(max, `${label} is too long (at most ${max} characters).`);
const messageSchema = text('The message', 2000).default('');

function linesOf<Line extends z.ZodType<{ productId: string }>>(line: Line) {
  return z
    .array(line, 'Lines must be a list of products and quantities.')
    .min(1, 'A quote needs at least one line.')
    .max(MAX_QUOTE_LINES, `A quote holds at most ${MAX_QUOTE_LINES} lines.`)
    .superRefine(eachProductOnce);
}

/** What a buyer asks a price for: a product and a quantity. */
const requestedLineSchema = z.strictObject({ productId: documentIdSchema('Product id'), quantity: lineQuantitySchema });

/** The day a quote holds until ("YYYY-MM-DD" or milliseconds), read as the last millisecond of that day (UTC). */
const validUntilSchema = utcDaySchema('Give the day the quote is valid until (YYYY-MM-DD).').transform(endOfUtcDay);

export const requestQuoteInputSchema = z.strictObject({
  /** Chosen by the client once per request; a retry with the same id returns the same quote. */
  requestId: requestIdSchema,
  lines: linesOf(requestedLineSchema),
  note: text('The note', 2000).default(''),
  /** The lines are the caller's cart: accepting the quote takes them out of it. */
  fromCart: z.boolean('fromCart must be true or false.').default(false),
});
export type RequestQuoteInput = z.input<typeof requestQuoteInputSchema>;

/** The lines of a quote as the shop prices them: product, quantity and unit price in cents. */
const quotedLinesSchema = linesOf(expectedLineSchema);

export const respondToQuoteInputSchema = z.strictObject({
  quoteId: quoteIdSchema,
  /** The version the staff member answered; a quote changed since is refused. */
  version: versionSchema,
  lines: quotedLinesSchema,
  validUntil: validUntilSchema,
  message: messageSchema,
});
export type RespondToQuoteInput = z.input<typeof respondToQuoteInputSchema>;

export const createQuoteInputSchema = z.strictObject({
  companyId: documentIdSchema('Company id'),
  /** Optional: chosen by the page once per new quote, so a retry finds the quote it made. */
  requestId: requestIdSchema.optional(),
  lines: quotedLinesSchema,
  validUntil: validUntilSchema,
  message: messageSchema,
});
export type CreateQuoteInput = z.input<typeof createQuoteInputSchema>;

export const quoteActionInputSchema = z
  .strictObject({
    quoteId: quoteIdSchema,
    action: z.enum(QUOTE_ACTIONS, `The action must be one of ${QUOTE_ACTIONS.join(', ')}.`),
    message: messageSchema,
  })
  // A rejection tells the buyer why.
  .refine((input) => input.action !== 'reject' || input.message !== '', { path: ['message'], message: 'Give the reason for rejecting the quote.' });
export type QuoteActionInput = z.input<typeof quoteActionInputSchema>;

export const addQuoteMessageInputSchema = z.strictObject({
  quoteId: quoteIdSchema,
  text: text('The message', 2000).min(1, 'Write a message.'),
});
export type AddQuoteMessageInput = z.input<typeof addQuoteMessageInputSchema>;

/**
 * Accepting a quote: checkout's fields (the address the order ships to, PO number, notes, payment
 * method) and what the buyer confirmed (`expected`: the quoted lines and the total for that
 * address), for the version the buyer saw.
 */
export const acceptQuoteInputSchema = placeOrderInputSchema
  .pick({ requestId: true, shippingAddress: true, poNumber: true, notes: true, paymentMethod: true, expected: true, shipComplete: true })
  .extend({ quoteId: quoteIdSchema, version: versionSchema });
export type AcceptQuoteInput = z.input<typeof acceptQuoteInputSchema>;

export const getQuoteDocumentInputSchema = z.strictObject({ quoteId: quoteIdSchema });
export type GetQuoteDocumentInput = z.input<typeof getQuoteDocumentInputSchema>;
