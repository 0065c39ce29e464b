/**
 * Other systems working with Harbor: API keys for the REST API (`/api/v1`), webhook endpoints that
 * hear about events (signed per the Standard Webhooks specification), and the accounting export.
 * Admins manage keys and endpoints on /admin/integrations; finance downloads the export.
 */
import { millisOf, storedChoice, storedNumber, storedText, storedTexts, type StoredData } from './storedFields';

/** What a key may do; each endpoint of the API names the one it needs. */
export const API_SCOPES = ['orders:read', 'fulfilment:write', 'inventory:write', 'catalog:write', 'receivables:read'] as const;
export type ApiScope = (typeof API_SCOPES)[number];
export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'orders:read': 'Read orders',
  'fulfilment:write': 'Post shipments',
  'inventory:write': 'Set stock',
  'catalog:write': 'Create and update products',
  'receivables:read': 'Read invoices',
};

/** A key's secret as shown once: `hk_live_` and 40 random characters; only its SHA-256 is stored. */
export const API_KEY_PREFIX = 'hk_live_';
/** Requests a key may make in one second; beyond, 429 with Retry-After. */
export const API_REQUESTS_PER_SECOND = 10;
/** The API's pages: at most this many items. */
export const API_PAGE_LIMIT = 200;

/** `apiKeys/{keyId}`: written by the functions only, read by admins. */
export interface ApiKey {
  id: string;
  name: string;
  scopes: ApiScope[];
  /** The first characters of the secret (`hk_live_abcd`), so a person can tell keys apart. */
  prefix: string;
  createdAt: number;
  createdBy: string;
  createdByName: string;
  /** 0 when never used. */
  lastUsedAt: number;
  /** 0 while the key works. */
  revokedAt: number;
}


export function apiKeyFromData(id: string, data: StoredData): ApiKey {
  return {
    id,
    name: storedText(data.name),
    scopes: storedTexts(data.scopes).filter((scope): scope is ApiScope => API_SCOPES.includes(scope as ApiScope)),
    prefix: storedText(data.prefix),
    createdAt: millisOf(data.createdAt),
    createdBy: storedText(data.createdBy),
    createdByName: storedText(data.createdByName),
    lastUsedAt: millisOf(data.lastUsedAt),
    revokedAt: millisOf(data.revokedAt),
  };
}

/** The events an endpoint may subscribe to. */
export const WEBHOOK_EVENTS = ['order.created', 'order.updated', 'shipment.created', 'invoice.issued', 'payment.recorded', 'credit_note.issued', 'return.updated', 'product.updated'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'order.created': 'An order is placed',
  'order.updated': 'An order changes (status, lines, payment)',
  'shipment.created': 'A shipment leaves',
  'invoice.issued': 'An invoice is issued',
  'payment.recorded': 'A payment is recorded',
  'credit_note.issued': 'A credit note is issued',
  'return.updated': 'A return is requested or changes',
  'product.updated': 'A product is created, changed or deleted',
};

/** An endpoint failing this long is disabled and the admins e-mailed. */
export const WEBHOOK_RETRY_HOURS = 24;

/** `webhookEndpoints/{endpointId}`: written by the functions only, read by admins. Its signing secret is kept apart (`webhookEndpoints/{id}/private/secret`), read by nobody. */
export interface WebhookEndpoint {
  id: string;
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** Why it was disabled (failing for a day), or blank. */
  disabledReason: string;
  createdAt: number;
  updatedAt: number;
  /** When deliveries started failing without a success since; 0 when the last one succeeded. */
  failingSince: number;
}

export function webhookEndpointFromData(id: string, data: StoredData): WebhookEndpoint {
  return {
    id,
    url: storedText(data.url),
    events: storedTexts(data.events).filter((event): event is WebhookEventType => WEBHOOK_EVENTS.includes(event as WebhookEventType)),
    enabled: data.enabled !== false,
    disabledReason: storedText(data.disabledReason),
    createdAt: millisOf(data.createdAt),
    updatedAt: millisOf(data.updatedAt),
    failingSince: millisOf(data.failingSince),
  };
}

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = { pending: 'Pending', retrying: 'Retrying', delivered: 'Delivered', failed: 'Failed' };

/** `webhookEndpoints/{endpointId}/deliveries/{deliveryId}`: one event to one endpoint, read by admins; `deliveryId` is the `webhook-id` header. */
export interface WebhookDelivery {
  id: string;
  endpointId: string;
  type: WebhookEventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The last answer's HTTP status, 0 when none came (a timeout, a refused connection). */
  responseCode: number;
  /** Why the last attempt failed, or blank. */
  error: string;
  createdAt: number;
  lastAttemptAt: number;
}

export function webhookDeliveryFromData(id: string, endpointId: string, data: StoredData): WebhookDelivery {
  return {
    id,
    endpointId,
    type: storedChoice(WEBHOOK_EVENTS, data.type, 'order.updated'),
    status: storedChoice(WEBHOOK_DELIVERY_STATUSES, data.status, 'pending'),
    attempts: storedNumber(data.attempts),
    responseCode: storedNumber(data.responseCode),
    error: storedText(data.error),
    createdAt: millisOf(data.createdAt),
    lastAttemptAt: millisOf(data.lastAttemptAt),
  };
}

/** The accounting systems the export writes for, in their documented import layouts. */
export const ACCOUNTING_FORMATS = ['quickbooks', 'xero'] as const;
export type AccountingFormat = (typeof ACCOUNTING_FORMATS)[number];
export const ACCOUNTING_FORMAT_LABELS: Record<AccountingFormat, string> = { quickbooks: 'QuickBooks Online', xero: 'Xero' };

/** `settings/accounting`: how the export names things in the accounting system (admins write it, finance reads it). */
export interface AccountingSettings {
  /** The item (QuickBooks "Product/Service", Xero "InventoryItemCode") goods are booked to. */
  salesItem: string;
  /** The income account (QuickBooks "Account", Xero "AccountCode"). */
  incomeAccount: string;
  /** The tax code or rate name on taxed lines, and on untaxed ones. */
  taxCode: string;
  exemptTaxCode: string;
  /** The bank or clearing account payments are deposited to. */
  depositAccount: string;
  /** How a customer is named: the company's name, or its id. */
  customerName: 'name' | 'id';
}

export const DEFAULT_ACCOUNTING_SETTINGS: AccountingSettings = {
  salesItem: 'Sales',
  incomeAccount: '4000',
  taxCode: 'TAX',
  exemptTaxCode: 'NON',
  depositAccount: 'Undeposited Funds',
  customerName: 'name',
};

export function accountingSettingsFromData(data: StoredData | undefined): AccountingSettings {
  const text = (value: unknown, fallback: string) => storedText(value).trim() || fallback;
  return {
    salesItem: text(data?.salesItem, DEFAULT_ACCOUNTING_SETTINGS.salesItem),
    incomeAccount: text(data?.incomeAccount, DEFAULT_ACCOUNTING_SETTINGS.incomeAccount),
    taxCode: text(data?.taxCode, DEFAULT_ACCOUNTING_SETTINGS.taxCode),
    exemptTaxCode: text(data?.exemptTaxCode, DEFAULT_ACCOUNTING_SETTINGS.exemptTaxCode),
    depositAccount: text(data?.depositAccount, DEFAULT_ACCOUNTING_SETTINGS.depositAccount),
    customerName: data?.customerName === 'id' ? 'id' : 'name',
  };
}
