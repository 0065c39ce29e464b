/**
 * The integrations page: API keys, webhook endpoints with their deliveries, and the accounting
 * export's settings (read from Firestore, admins only by the rules), the callables that change
 * them, and the export finance downloads.
 */
import { getDocs, limit, orderBy, query } from 'firebase/firestore/lite';
import type {
  AccountingSettings,
  ApiKey,
  CreateApiKeyInput,
  CreateApiKeyResult,
  CreateWebhookEndpointInput,
  CreateWebhookEndpointResult,
  ExportAccountingInput,
  ExportAccountingResult,
  SaveAccountingSettingsInput,
  UpdateWebhookEndpointInput,
  WebhookDelivery,
  WebhookEndpoint,
} from '@harbor/domain';
import { DEFAULT_ACCOUNTING_SETTINGS } from '@harbor/domain';
import { api, queryResult } from '../../lib/api';
import { callFunction } from '../../lib/callable';
import { accountingSettingsCollection, apiKeyCollection, webhookDeliveryCollection, webhookEndpointCollection } from '../../lib/converters/integrationConverters';
import { readDocument } from '../../lib/documents';
import { db } from '../../lib/firebase';

/** The delivery log shows an endpoint's latest deliveries. */
const DELIVERIES_SHOWN = 25;

/** A callable that changes the integrations, as a mutation's queryFn. */
const changeIntegrations =
  <Input, Result>(name: string, failure: string) =>
  (input: Input) =>
    queryResult(() => callFunction<Input, Result>(name, input), failure);

const integrationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every API key, newest first, revoked ones too. */
    getApiKeys: build.query<ApiKey[], void>({
      queryFn: () => queryResult(async () => (await getDocs(query(apiKeyCollection(db), orderBy('createdAt', 'desc')))).docs.map((key) => key.data()), 'The API keys could not be loaded. Please try again.'),
      providesTags: ['Integrations'],
    }),
    /** Every webhook endpoint, newest first. */
    getWebhookEndpoints: build.query<WebhookEndpoint[], void>({
      queryFn: () =>
        queryResult(async () => (await getDocs(query(webhookEndpointCollection(db), orderBy('createdAt', 'desc')))).docs.map((endpoint) => endpoint.data()), 'The webhook endpoints could not be loaded. Please try again.'),
      providesTags: ['Integrations'],
    }),
    /** An endpoint's latest deliveries, newest first. */
    getWebhookDeliveries: build.query<WebhookDelivery[], string>({
      queryFn: (endpointId) =>
        queryResult(
          async () => (await getDocs(query(webhookDeliveryCollection(db, endpointId), orderBy('createdAt', 'desc'), limit(DELIVERIES_SHOWN)))).docs.map((delivery) => delivery.data()),
          'The deliveries could not be loaded. Please try again.',
        ),
      providesTags: ['Integrations'],
    }),
    /** The export's settings, the defaults until an admin saves them. */
    getAccountingSettings: build.query<AccountingSettings, void>({
      queryFn: () => queryResult(async () => (await readDocument(accountingSettingsCollection(db), 'accounting')) ?? DEFAULT_ACCOUNTING_SETTINGS, 'The accounting settings could not be loaded. Please try again.'),
      providesTags: ['Integrations'],
    }),
    createApiKey: build.mutation<CreateApiKeyResult, CreateApiKeyInput>({
      queryFn: changeIntegrations<CreateApiKeyInput, CreateApiKeyResult>('createApiKey', 'The key could not be created. Please try again.'),
      invalidatesTags: ['Integrations', 'Audit'],
    }),
    revokeApiKey: build.mutation<unknown, { keyId: string }>({
      queryFn: changeIntegrations<{ keyId: string }, unknown>('revokeApiKey', 'The key could not be revoked. Please try again.'),
      invalidatesTags: ['Integrations', 'Audit'],
    }),
    createWebhookEndpoint: build.mutation<CreateWebhookEndpointResult, CreateWebhookEndpointInput>({
      queryFn: changeIntegrations<CreateWebhookEndpointInput, CreateWebhookEndpointResult>('createWebhookEndpoint', 'The endpoint could not be added. Please try again.'),
      invalidatesTags: ['Integrations', 'Audit'],
    }),
    updateWebhookEndpoint: build.mutation<unknown, UpdateWebhookEndpointInput>({
      queryFn: changeIntegrations<UpdateWebhookEndpointInput, unknown>('updateWebhookEndpoint', 'The endpoint could not be changed. Please try again.'),
      invalidatesTags: ['Integrations', 'Audit'],
    }),
    deleteWebhookEndpoint: build.mutation<unknown, { endpointId: string }>({
      queryFn: changeIntegrations<{ endpointId: string }, unknown>('deleteWebhookEndpoint', 'The endpoint could not be deleted. Please try again.'),
      invalidatesTags: ['Integrations', 'Audit'],
    }),
    resendWebhookDelivery: build.mutation<unknown, { endpointId: string; deliveryId: string }>({
      queryFn: changeIntegrations<{ endpointId: string; deliveryId: string }, unknown>('resendWebhookDelivery', 'The delivery could not be sent again. Please try again.'),
      invalidatesTags: ['Integrations'],
    }),
    saveAccountingSettings: build.mutation<unknown, SaveAccountingSettingsInput>({
      queryFn: changeIntegrations<SaveAccountingSettingsInput, unknown>('saveAccountingSettings', 'The accounting settings could not be saved. Please try again.'),
      invalidatesTags: ['Integrations', 'Audit'],
    }),
    /** A mutation, not a query: each export reads the period again, and nothing caches the files. */
    exportAccounting: build.mutation<ExportAccountingResult, ExportAccountingInput>({
      queryFn: changeIntegrations<ExportAccountingInput, ExportAccountingResult>('exportAccounting', 'The export could not be made. Please try again.'),
    }),
  }),
});

export const {
  useGetApiKeysQuery,
  useGetWebhookEndpointsQuery,
  useGetWebhookDeliveriesQuery,
  useGetAccountingSettingsQuery,
  useCreateApiKeyMutation,
  useRevokeApiKeyMutation,
  useCreateWebhookEndpointMutation,
  useUpdateWebhookEndpointMutation,
  useDeleteWebhookEndpointMutation,
  useResendWebhookDeliveryMutation,
  useSaveAccountingSettingsMutation,
  useExportAccountingMutation,
} = integrationsApi;
