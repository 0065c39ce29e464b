import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../../test/renderWithStore';
import { ApiKeysSection } from './ApiKeysSection';

const mocks = vi.hoisted(() => ({ documents: {} as Record<string, Record<string, unknown>[]>, call: vi.fn() }));

vi.mock('../../../../lib/firebase', () => ({ db: {} }));
vi.mock('../../../../lib/callable', () => ({ callFunction: (name: string, data: unknown) => mocks.call(name, data) }));
vi.mock('../../../../lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() }, Toaster: () => null }));
vi.mock('firebase/firestore/lite', async (importOriginal) => (await import('../../../../test/firestoreLiteMock')).firestoreLiteMock(importOriginal, () => mocks.documents));

const SECRET = 'hk_live_0123456789abcdefghijklmnopqrstuvwxyzABCD';

beforeEach(() => {
  mocks.call.mockReset();
  mocks.documents = { apiKeys: [{ id: 'key-1', name: 'Warehouse', scopes: ['inventory:write'], prefix: 'hk_live_wXyZ', createdAt: Date.UTC(2026, 10, 1), createdByName: 'Avery Admin', lastUsedAt: 0, revokedAt: 0 }] };
});

describe('ApiKeysSection', () => {
  it('creates a key with the scopes checked and shows its secret once, gone when closed', async () => {
    mocks.call.mockResolvedValue({ keyId: 'key-2', secret: SECRET });
    renderWithStore(<ApiKeysSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create key' }));
    const form = screen.getByRole('dialog', { name: 'Create an API key' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(within(form).getByText('Give the key a name.')).toBeVisible();
    expect(within(form).getByText('Choose at least one scope.')).toBeVisible();
    expect(mocks.call).not.toHaveBeenCalled();

    await userEvent.type(within(form).getByLabelText('Name'), 'ERP');
    await userEvent.click(within(form).getByLabelText(/Read orders/));
    await userEvent.click(within(form).getByLabelText(/Read invoices/));
    await userEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(mocks.call).toHaveBeenCalledWith('createApiKey', { name: 'ERP', scopes: ['orders:read', 'receivables:read'] });

    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByLabelText('Secret')).toHaveValue(SECRET);
    expect(within(shown).getByText(/it will not be shown again/)).toBeVisible();
    await userEvent.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  });

  it('revokes a key only once confirmed', async () => {
    mocks.call.mockResolvedValue({});
    renderWithStore(<ApiKeysSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Warehouse' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke “Warehouse”?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep the key' }));
    expect(mocks.call).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Revoke Warehouse' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke key' }));
    expect(mocks.call).toHaveBeenCalledWith('revokeApiKey', { keyId: 'key-1' });
  });

  it('lists a key with its scopes, prefix and when it was last used', async () => {
    renderWithStore(<ApiKeysSection />);
    const row = await screen.findByRole('row', { name: /Warehouse/ });
    expect(row).toHaveTextContent('inventory:write');
    expect(row).toHaveTextContent('hk_live_wXyZ…');
    expect(row).toHaveTextContent('Never');
    expect(row).toHaveTextContent('Active');
  });
});
