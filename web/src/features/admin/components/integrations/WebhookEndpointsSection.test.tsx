import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../../test/renderWithStore';
import { WebhookEndpointsSection } from './WebhookEndpointsSection';

const mocks = vi.hoisted(() => ({ documents: {} as Record<string, Record<string, unknown>[]>, call: vi.fn() }));

vi.mock('../../../../lib/firebase', () => ({ db: {} }));
vi.mock('../../../../lib/callable', () => ({ callFunction: (name: string, data: unknown) => mocks.call(name, data) }));
vi.mock('../../../../lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() }, Toaster: () => null }));
vi.mock('firebase/firestore/lite', async (importOriginal) => (await import('../../../../test/firestoreLiteMock')).firestoreLiteMock(importOriginal, () => mocks.documents));

beforeEach(() => {
  mocks.call.mockReset();
  mocks.documents = {
    webhookEndpoints: [
      { id: 'ep-1', url: 'https://erp.example.com/hooks', events: ['order.created'], enabled: false, disabledReason: 'Turned off after failing for 24 hours.', createdAt: Date.UTC(2026, 10, 1) },
    ],
    'webhookEndpoints/ep-1/deliveries': [{ id: 'msg_1', type: 'order.created', status: 'failed', attempts: 12, responseCode: 503, error: 'The endpoint answered 503.', createdAt: Date.UTC(2026, 10, 2) }],
  };
});

describe('WebhookEndpointsSection', () => {
  it('adds an endpoint for the events checked and shows its signing secret once', async () => {
    mocks.call.mockResolvedValue({ endpointId: 'ep-2', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' });
    renderWithStore(<WebhookEndpointsSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const form = screen.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await userEvent.type(within(form).getByLabelText('URL'), 'ftp://erp.example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(within(form).getByText('Give a URL that starts with https://.')).toBeVisible();
    expect(within(form).getByText('Choose at least one event.')).toBeVisible();

    await userEvent.clear(within(form).getByLabelText('URL'));
    await userEvent.type(within(form).getByLabelText('URL'), 'https://wms.example.com/harbor');
    await userEvent.click(within(form).getByLabelText(/A shipment leaves/));
    await userEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(mocks.call).toHaveBeenCalledWith('createWebhookEndpoint', { url: 'https://wms.example.com/harbor', events: ['shipment.created'] });
    const shown = await screen.findByRole('dialog', { name: "The endpoint's signing secret" });
    expect(within(shown).getByLabelText('Secret')).toHaveValue('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
  });

  it('says why an endpoint is off, turns it on again, and resends a failed delivery', async () => {
    mocks.call.mockResolvedValue({});
    renderWithStore(<WebhookEndpointsSection />);
    const endpoint = (await screen.findByText('https://erp.example.com/hooks')).closest('li')!;
    expect(endpoint).toHaveTextContent('Turned off after failing for 24 hours.');
    await userEvent.click(within(endpoint).getByRole('button', { name: 'Turn on again' }));
    expect(mocks.call).toHaveBeenCalledWith('updateWebhookEndpoint', { endpointId: 'ep-1', enabled: true });

    await userEvent.click(within(endpoint).getByRole('button', { name: 'Deliveries' }));
    const row = await within(endpoint).findByRole('row', { name: /order\.created/ });
    expect(row).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('HTTP 503');
    await userEvent.click(within(row).getByRole('button', { name: /Resend/ }));
    expect(mocks.call).toHaveBeenCalledWith('resendWebhookDelivery', { endpointId: 'ep-1', deliveryId: 'msg_1' });
  });

  it('deletes an endpoint only once confirmed', async () => {
    mocks.call.mockResolvedValue({});
    renderWithStore(<WebhookEndpointsSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete this endpoint?' })).getByRole('button', { name: 'Delete endpoint' }));
    expect(mocks.call).toHaveBeenCalledWith('deleteWebhookEndpoint', { endpointId: 'ep-1' });
  });
});
