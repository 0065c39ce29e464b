/** Inputs of the company callables, shared by the forms that build them and the functions that check them. */
import { z } from 'zod';
import { COMPANY_STATUSES, isTimeZone, PAYMENT_TERMS } from './company';
import { deliveryAddressSchema } from './callableSchemas';
import { centsSchema, documentIdSchema, requestIdSchema, shippingAddressSchema } from './schemas';

const text = (label: string, max: number) => z.string().trim().max(max, `${label} is too long (at most ${max} characters).`);

/** A company application, sent once the registering user has signed up. */
export const registerCompanyInputSchema = z.strictObject({
  name: text('Company name', 150).min(1, 'Please enter your company name.'),
  taxId: text('Tax id', 40).default(''),
  phone: text('Phone number', 40).regex(/^[+()\d\s.-]*$/, 'Phone number may contain only digits, spaces and + ( ) . -'),
  billingAddress: shippingAddressSchema,
  shippingAddress: deliveryAddressSchema,
});
export type RegisterCompanyInput = z.input<typeof registerCompanyInputSchema>;

/**
 * An administrator's change to a company: any of its status, terms, credit limit, tax exemption,
 * contract prices and internal note. `fixedPrices`, when given, is the whole map of fixed prices
 * (a product left out has none any more). Each change is audited, and all but the note are
 * recorded in the company's history.
 */
export const updateCompanyInputSchema = z.strictObject({
  companyId: documentIdSchema('Company id'),
  status: z.enum(COMPANY_STATUSES, `Status must be one of ${COMPANY_STATUSES.join(', ')}.`).optional(),
  paymentTerms: z.enum(PAYMENT_TERMS, `Payment terms must be one of ${PAYMENT_TERMS.join(', ')}.`).optional(),
  creditLimit: centsSchema.optional(),
  taxExempt: z.boolean().optional(),
  /** Its orders never ship in part (fulfilment.ts). */
  shipComplete: z.boolean('Ship complete must be true or false.').optional(),
  taxCertificateId: text('Tax certificate id', 60).optional(),
  /** The IANA time zone a buyer's month of spending is counted in (purchase approvals). */
  timeZone: z.string().max(60, 'Choose a time zone from the list.').refine(isTimeZone, 'Choose a time zone from the list, such as America/New_York or UTC.').optional(),
  /** The staff's internal note, kept in `companies/{id}/staff/notes` (never on the company members read). */
  note: text('Note', 2000).optional(),
  /** The sales rep who looks after the company (a user with the sales role), or '' for none. */
  salesRepUid: z.union([z.literal(''), documentIdSchema('Sales rep')]).optional(),
  discountBasisPoints: z.number().int('The discount must be whole basis points.').min(0, 'The discount must not be negative.').max(10_000, 'The discount is at most 100%.').optional(),
  fixedPrices: z
    .record(documentIdSchema('Product id'), centsSchema)
    .refine((prices) => Object.keys(prices).length <= 500, 'At most 500 fixed prices.')
    .optional(),
});
export type UpdateCompanyInput = z.input<typeof updateCompanyInputSchema>;

/** Staff mark an order's invoice paid; each click sends a new request id, a retry the same one. */
export const markOrderPaidInputSchema = z.strictObject({
  orderId: documentIdSchema('Order id'),
  requestId: requestIdSchema,
  /** Which of the order's invoices (one per shipment); every open one when not given. */
  invoiceNumber: z.string().regex(/^INV-\d{6,12}$/, 'An invoice number reads like INV-000001.').optional(),
});
export type MarkOrderPaidInput = z.input<typeof markOrderPaidInputSchema>;

const emailSchema = z.string().trim().toLowerCase().min(1, 'Please enter an e-mail address.').max(320, 'The e-mail address is too long (at most 320 characters).').email('Please enter a valid e-mail address.');

/** The owner invites a colleague by e-mail address. */
export const createInvitationInputSchema = z.strictObject({ email: emailSchema });
export type CreateInvitationInput = z.input<typeof createInvitationInputSchema>;

const invitationCodeSchema = z.string().trim().regex(/^[A-Za-z0-9]{16,40}$/, 'That invitation code is not valid.');

/** The invited colleague, signed in with the invited address, accepts with the code it was given. */
export const acceptInvitationInputSchema = z.strictObject({ code: invitationCodeSchema });
export type AcceptInvitationInput = z.input<typeof acceptInvitationInputSchema>;

/** The owner withdraws an open invitation of its company. */
export const withdrawInvitationInputSchema = z.strictObject({ code: invitationCodeSchema });
export type WithdrawInvitationInput = z.input<typeof withdrawInvitationInputSchema>;

/** The owner removes a buyer from its company. */
export const removeBuyerInputSchema = z.strictObject({ uid: documentIdSchema('User id') });

/**
 * The company's accounts-payable address, which its owner sets on /profile: an e-mail address, or
 * '' for none.
 */
export const billingEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(320, 'The e-mail address is too long (at most 320 characters).')
  .refine((email) => email === '' || emailSchema.safeParse(email).success, 'Please enter a valid e-mail address, or leave it empty for none.');

export const updateBillingEmailInputSchema = z.strictObject({
  companyId: documentIdSchema('Company id'),
  billingEmail: billingEmailSchema,
});
export type UpdateBillingEmailInput = z.input<typeof updateBillingEmailInputSchema>;

/** The owner's shipping addresses for its company, the default first (one to ten). */
export const saveCompanyAddressesInputSchema = z.strictObject({
  addresses: z.array(deliveryAddressSchema).min(1, 'Keep at least one shipping address.').max(10, 'A company keeps at most 10 shipping addresses.'),
});
export type SaveCompanyAddressesInput = z.input<typeof saveCompanyAddressesInputSchema>;
