/** Input schemas of the receivables callables (zod, kept off the first page like callableSchemas.ts). */
import { z } from 'zod';
import { dayStart, statementDayProblem } from './accountActivity';
import { PAYMENT_RECORD_METHODS, formatInvoiceNumber, invoiceSequence } from './receivables';
import { centsSchema, documentIdSchema, lineQuantitySchema, requestIdSchema, utcDaySchema } from './schemas';

const positiveCents = centsSchema.refine((cents) => cents > 0, 'The amount must be more than $0.00.');
const reasonSchema = z.string('Give a reason.').trim().min(1, 'Give a reason.').max(500, 'The reason is too long (at most 500 characters).');

/** "INV-000042" or 42, read as "INV-000042". */
export const invoiceNumberSchema = z
  .union([z.string(), z.number()], 'Give an invoice number such as INV-000042.')
  .transform((value, context) => {
    const sequence = invoiceSequence(value);
    if (sequence === null) {
      context.addIssue({ code: 'custom', message: 'Give an invoice number such as INV-000042.' });
      return z.NEVER;
    }
    return formatInvoiceNumber(sequence);
  });

const dayMillisSchema = utcDaySchema('Give the day the payment was received (YYYY-MM-DD).');

export const recordPaymentInputSchema = z.strictObject({
  companyId: documentIdSchema('Company id'),
  requestId: requestIdSchema,
  amount: positiveCents,
  receivedOn: dayMillisSchema,
  method: z.enum(PAYMENT_RECORD_METHODS, `The method must be one of ${PAYMENT_RECORD_METHODS.join(', ')}.`),
  reference: z.string().trim().max(120, 'The reference is too long (at most 120 characters).').default(''),
  allocations: z
    .array(z.strictObject({ invoiceNumber: invoiceNumberSchema, amount: centsSchema }), 'Allocations must be a list of invoice numbers and amounts.')
    .max(200, 'A payment pays at most 200 invoices at once; record the rest as a second payment.')
    .optional(),
  /** Keep what is left after the open invoices as the company's credit, instead of refusing the overpayment. */
  keepCredit: z.boolean().default(false),
});
export type RecordPaymentInput = z.input<typeof recordPaymentInputSchema>;
export type RecordPaymentRequest = z.output<typeof recordPaymentInputSchema>;

export const reversePaymentInputSchema = z.strictObject({
  paymentId: documentIdSchema('Payment id'),
  reason: reasonSchema,
});
export type ReversePaymentInput = z.input<typeof reversePaymentInputSchema>;

export const issueCreditNoteInputSchema = z
  .strictObject({
    orderId: documentIdSchema('Order id'),
    requestId: requestIdSchema,
    /** Which of the order's invoices (one per shipment); may be left out when the order has one. */
    invoiceNumber: z.string().regex(/^INV-\d{6,12}$/, 'An invoice number reads like INV-000001.').optional(),
    lines: z
      .array(z.strictObject({ productId: documentIdSchema('Product id'), quantity: lineQuantitySchema }), 'Lines must be a list of products and quantities.')
      .max(200, 'A credit note holds at most 200 lines.')
      .optional(),
    amount: positiveCents.optional(),
    reason: reasonSchema,
    restock: z.boolean().default(false),
  })
  .refine((input) => (input.lines?.length ? 1 : 0) + (input.amount !== undefined ? 1 : 0) === 1, 'Give either the returned lines or an amount, not both.');
export type IssueCreditNoteInput = z.input<typeof issueCreditNoteInputSchema>;

const statementDaySchema = (which: 'first' | 'last') =>
  z.string(statementDayProblem(which)).refine((day) => !Number.isNaN(dayStart(day)), statementDayProblem(which)).optional();

/** A company's statement (its owner, or staff who read the company), of the days from `from` to `to` (chosenStatementPeriod). */
export const getStatementInputSchema = z.strictObject({ companyId: documentIdSchema('Company id'), from: statementDaySchema('first'), to: statementDaySchema('last') });
export type GetStatementInput = z.input<typeof getStatementInputSchema>;

export const receivablesReportInputSchema = z.strictObject({}).default({});
