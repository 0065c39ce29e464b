/** The return callables' inputs and answers (functions/src/returns.ts), kept apart from the rules so pages that only read returns load no zod. */
import { z } from 'zod';
import { RETURN_CONDITIONS, RETURN_REASONS, type ReturnStatus } from './returns';
import { documentIdSchema, requestIdSchema } from './schemas';

const returnReasonSchema = z.enum(RETURN_REASONS, `The reason must be one of ${RETURN_REASONS.join(', ')}.`);
const returnUnitsSchema = (label: string) =>
  z.number(`${label} must be a number of units.`).int(`${label} must be a whole number of units.`).min(1, `${label} must be at least 1.`).max(100_000, `${label} is too large.`);
const eachProductOnce = (lines: readonly { productId: string }[]) => new Set(lines.map((line) => line.productId)).size === lines.length;
export const returnIdSchema = documentIdSchema('Return id');
const messageSchema = (max: number) => z.string('The message must be text.').trim().max(max, `The message is at most ${max} characters.`);

/** A buyer asks to return shipped units of an order (requestReturn). */
export const requestReturnInputSchema = z.strictObject({
  orderId: documentIdSchema('Order id'),
  requestId: requestIdSchema,
  lines: z
    .array(z.strictObject({ productId: documentIdSchema('Product id'), quantity: returnUnitsSchema('The quantity to return'), reason: returnReasonSchema }), 'Lines must be a list of products, quantities and reasons.')
    .min(1, 'Choose at least one item to return.')
    .max(200, 'A return holds at most 200 lines.')
    .refine(eachProductOnce, 'Name each product once.'),
  note: messageSchema(1000).default(''),
});
export type RequestReturnInput = z.input<typeof requestReturnInputSchema>;
export interface RequestReturnResult {
  returnId: string;
  number: string;
}

/** Staff approve or reject a requested return (decideReturn); a rejection says why. */
export const decideReturnInputSchema = z
  .strictObject({
    returnId: returnIdSchema,
    decision: z.enum(['approve', 'reject'], 'The decision must be approve or reject.'),
    message: messageSchema(1000).default(''),
    restockingFeeBasisPoints: z
      .number('The restocking fee must be a number of basis points.')
      .int('The restocking fee must be a whole number of basis points.')
      .min(0, 'The restocking fee cannot be negative.')
      .max(5_000, 'The restocking fee is at most 50%.')
      .optional(),
  })
  .superRefine((input, context) => {
    if (input.decision === 'reject' && input.message.length < 3) context.addIssue({ code: 'custom', path: ['message'], message: 'Please give the buyer a reason for rejecting the return (at least 3 characters).' });
    if (input.decision === 'reject' && input.restockingFeeBasisPoints !== undefined) context.addIssue({ code: 'custom', path: ['restockingFeeBasisPoints'], message: 'A restocking fee is set only when approving.' });
  });
export type DecideReturnInput = z.input<typeof decideReturnInputSchema>;

/** The warehouse records what of an approved return arrived (receiveReturn). */
export const receiveReturnInputSchema = z.strictObject({
  returnId: returnIdSchema,
  requestId: requestIdSchema,
  lines: z
    .array(
      z.strictObject({
        productId: documentIdSchema('Product id'),
        quantity: returnUnitsSchema('The quantity received'),
        condition: z.enum(RETURN_CONDITIONS, 'The condition must be resellable or damaged.'),
      }),
      'Lines must be a list of products, quantities and conditions.',
    )
    .min(1, 'Enter at least one item received.')
    .max(400, 'At most 400 lines at once.')
    .refine((lines) => new Set(lines.map((line) => `${line.productId}/${line.condition}`)).size === lines.length, 'Name each product once per condition.'),
});
export type ReceiveReturnInput = z.input<typeof receiveReturnInputSchema>;
export interface ReceiveReturnResult {
  returnId: string;
  status: ReturnStatus;
  /** The credit notes this receipt issued ("CN-000001"), one per invoice credited. */
  creditNotes: string[];
}

/** Staff close a return that will not (all) arrive, with a reason (closeReturn). */
export const closeReturnInputSchema = z.strictObject({
  returnId: returnIdSchema,
  reason: z.string('Please give a reason.').trim().min(3, 'Please give a reason of at least 3 characters.').max(500, 'The reason is at most 500 characters.'),
});
export type CloseReturnInput = z.input<typeof closeReturnInputSchema>;

/** Staff's answer to decideReturn and closeReturn. */
export interface ReturnStatusResult {
  returnId: string;
  status: ReturnStatus;
}

