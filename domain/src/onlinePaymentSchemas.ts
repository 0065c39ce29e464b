/** startPayment's input and answer (functions/src/onlinePayments.ts), apart from the rules so pages that only read payments load no zod. */
import { z } from 'zod';
import { ONLINE_PAYMENT_METHODS } from './onlinePayments';
import { invoiceNumberSchema } from './receivablesSchemas';
import { centsSchema, documentIdSchema, requestIdSchema } from './schemas';

/**
 * A buyer starts paying invoices of its company (`invoiceNumbers`) or an order (`orderId`: its open
 * invoices, or its total while a prepaid order is not yet invoiced). `amount` may only lower what
 * the server finds open.
 */
export const startPaymentInputSchema = z
  .strictObject({
    companyId: documentIdSchema('Company id'),
    requestId: requestIdSchema,
    invoiceNumbers: z
      .array(invoiceNumberSchema, 'Invoice numbers must be a list such as ["INV-000042"].')
      .min(1, 'Choose at least one invoice to pay.')
      .max(100, 'A payment pays at most 100 invoices at once.')
      .refine((numbers) => new Set(numbers).size === numbers.length, 'Name each invoice once.')
      .optional(),
    orderId: documentIdSchema('Order id').optional(),
    amount: centsSchema.refine((cents) => cents > 0, 'The amount must be more than $0.00.').optional(),
    method: z.enum(ONLINE_PAYMENT_METHODS, `The method must be one of ${ONLINE_PAYMENT_METHODS.join(', ')}.`),
  })
  .refine((input) => (input.invoiceNumbers ? 1 : 0) + (input.orderId ? 1 : 0) === 1, 'Name the invoices to pay or the order, not both.');
export type StartPaymentInput = z.input<typeof startPaymentInputSchema>;
export interface StartPaymentResult {
  paymentIntentId: string;
  clientSecret: string;
  /** Cents. */
  amount: number;
  currency: string;
}
