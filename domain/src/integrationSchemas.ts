/** The integrations callables' inputs (functions/src/integrations), apart from the rules so pages that only read keys and endpoints load no zod. */
import { z } from 'zod';
import { ACCOUNTING_FORMATS, API_SCOPES, WEBHOOK_EVENTS } from './integrations';
import { documentIdSchema, utcDaySchema } from './schemas';

const nameSchema = z.string('Give the key a name.').trim().min(1, 'Give the key a name.').max(80, 'The name is at most 80 characters.');
const scopesSchema = z
  .array(z.enum(API_SCOPES, `A scope is one of ${API_SCOPES.join(', ')}.`), 'Scopes must be a list.')
  .min(1, 'Choose at least one scope.')
  .max(API_SCOPES.length)
  .refine((scopes) => new Set(scopes).size === scopes.length, 'Name each scope once.');
/** Shape only: https (http on the emulators), no credentials; whether the host is public is checked on the server after DNS resolution. */
export const webhookUrlSchema = z
  .string('Give the endpoint\'s URL.')
  .trim()
  .max(2000, 'The URL is at most 2,000 characters.')
  .refine((value) => URL.canParse(value) && ['https:', 'http:'].includes(new URL(value).protocol), 'Give a URL that starts with https://.')
  .refine((value) => !URL.canParse(value) || (!new URL(value).username && !new URL(value).password), 'The URL may not hold a user name or password.');
const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, `An event is one of ${WEBHOOK_EVENTS.join(', ')}.`), 'Events must be a list.')
  .min(1, 'Choose at least one event.')
  .max(WEBHOOK_EVENTS.length)
  .refine((events) => new Set(events).size === events.length, 'Name each event once.');
const endpointIdSchema = documentIdSchema('Endpoint id');

/** An admin creates a key; the answer holds its secret, shown once. */
export const createApiKeyInputSchema = z.strictObject({ name: nameSchema, scopes: scopesSchema });
export type CreateApiKeyInput = z.input<typeof createApiKeyInputSchema>;
export interface CreateApiKeyResult {
  keyId: string;
  /** `hk_live_…`: shown once, never stored. */
  secret: string;
}
export const revokeApiKeyInputSchema = z.strictObject({ keyId: documentIdSchema('Key id') });

export const createWebhookEndpointInputSchema = z.strictObject({ url: webhookUrlSchema, events: eventsSchema });
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointInputSchema>;
export interface CreateWebhookEndpointResult {
  endpointId: string;
  /** `whsec_…` (Standard Webhooks): shown once, to verify the signatures. */
  secret: string;
}
/** Changes what is given; `enabled: true` turns a disabled endpoint on again. */
export const updateWebhookEndpointInputSchema = z.strictObject({ endpointId: endpointIdSchema, url: webhookUrlSchema.optional(), events: eventsSchema.optional(), enabled: z.boolean().optional() });
export type UpdateWebhookEndpointInput = z.input<typeof updateWebhookEndpointInputSchema>;
export const deleteWebhookEndpointInputSchema = z.strictObject({ endpointId: endpointIdSchema });
/** Sends a delivery again, as a new attempt of the same `webhook-id`. */
export const resendWebhookDeliveryInputSchema = z.strictObject({ endpointId: endpointIdSchema, deliveryId: documentIdSchema('Delivery id') });

const settingText = (label: string) => z.string(`${label} must be text.`).trim().min(1, `Give ${label.toLowerCase()}.`).max(100, `${label} is at most 100 characters.`);
export const saveAccountingSettingsInputSchema = z.strictObject({
  salesItem: settingText('The sales item'),
  incomeAccount: settingText('The income account'),
  taxCode: settingText('The tax code'),
  exemptTaxCode: settingText('The tax-exempt code'),
  depositAccount: settingText('The deposit account'),
  customerName: z.enum(['name', 'id'], 'Customers are named by their name or their id.'),
});
export type SaveAccountingSettingsInput = z.input<typeof saveAccountingSettingsInputSchema>;

/** Finance downloads the invoices, credit notes and payments of a period (UTC days, at most a year). */
export const exportAccountingInputSchema = z
  .strictObject({
    format: z.enum(ACCOUNTING_FORMATS, `The format is one of ${ACCOUNTING_FORMATS.join(', ')}.`),
    from: utcDaySchema('Give the first day (YYYY-MM-DD).'),
    to: utcDaySchema('Give the last day (YYYY-MM-DD).'),
  })
  .refine((input) => input.from <= input.to, 'The first day must not be after the last.')
  .refine((input) => input.to - input.from <= 366 * 24 * 60 * 60 * 1000, 'Export at most a year at once.');
export type ExportAccountingInput = z.input<typeof exportAccountingInputSchema>;
export interface ExportAccountingResult {
  /** One CSV file per kind, named as the accounting system's import expects: invoices, credit notes, payments. */
  files: { name: string; csv: string; rows: number }[];
}
