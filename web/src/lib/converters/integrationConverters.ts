import { collection, type Firestore } from 'firebase/firestore/lite';
import { accountingSettingsFromData, apiKeyFromData, webhookDeliveryFromData, webhookEndpointFromData, type AccountingSettings, type ApiKey, type WebhookDelivery, type WebhookEndpoint } from '@harbor/domain';
import { readerConverter } from './readerConverter';

/** `apiKeys/{keyId}` (admins only; the stored hash is never read into the key). */
export function apiKeyCollection(db: Firestore) {
  return collection(db, 'apiKeys').withConverter(readerConverter<ApiKey>(apiKeyFromData));
}

/** `webhookEndpoints/{endpointId}` (admins only). */
export function webhookEndpointCollection(db: Firestore) {
  return collection(db, 'webhookEndpoints').withConverter(readerConverter<WebhookEndpoint>(webhookEndpointFromData));
}

/** `webhookEndpoints/{endpointId}/deliveries`: one endpoint's deliveries (admins only). */
export function webhookDeliveryCollection(db: Firestore, endpointId: string) {
  return collection(db, 'webhookEndpoints', endpointId, 'deliveries').withConverter(readerConverter<WebhookDelivery>((id, data) => webhookDeliveryFromData(id, endpointId, data)));
}

/** `settings/{id}` read as the accounting export's settings (`settings/accounting`: admins and finance). */
export function accountingSettingsCollection(db: Firestore) {
  return collection(db, 'settings').withConverter(readerConverter<AccountingSettings>((_id, data) => accountingSettingsFromData(data)));
}
