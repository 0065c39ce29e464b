import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { orderFromData, type MemberRole } from '@harbor/domain';
import { renderWithStore } from '../../test/renderWithStore';
import { OrderPayment } from './OrderPayment';

const mocks = vi.hoisted(() => ({ invoices: vi.fn() }));
vi.mock('../../lib/firebase', () => ({ db: {} }));
vi.mock('../../lib/receivables/receivablesApi', () => ({ useGetInvoicesQuery: (numbers: string[], options: { skip: boolean }) => mocks.invoices(numbers, options) }));
vi.mock('./payNow', async (original) => ({ ...(await original<object>()), stripePublishableKey: () => 'pk_test_harbor_local' }));

const prepaidOrder = (fields: Record<string, unknown> = {}) =>
  orderFromData('HW-PREPAID01', { userId: 'u1', companyId: 'co-1', status: 'pending', paymentMethod: 'bank-transfer', total: 12_345, items: [], ...fields });

function renderPayment(order: ReturnType<typeof prepaidOrder>, uid: string, role: MemberRole | undefined) {
  return renderWithStore(<OrderPayment order={order} uid={uid} role={role} />);
}

beforeEach(() => {
  mocks.invoices.mockReset();
  mocks.invoices.mockReturnValue({ data: undefined });
});

describe('OrderPayment', () => {
  it('offers a prepaid order not yet invoiced to its buyer and to an approver, not to another buyer of the company', () => {
    const first = renderPayment(prepaidOrder(), 'u1', 'buyer');
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeVisible();
    first.unmount();
    const second = renderPayment(prepaidOrder(), 'u2', 'approver');
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeVisible();
    second.unmount();
    renderPayment(prepaidOrder(), 'u3', 'buyer');
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('says what came of a prepayment, and offers to pay again only when it failed or was reversed', () => {
    const received = renderPayment(prepaidOrder({ prepayment: { status: 'received', amount: 12_345, paymentIntentId: 'pi_1' } }), 'u1', 'owner');
    expect(screen.getByText('Payment of $123.45 received. We ship your order as soon as it is ready.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    received.unmount();
    const failed = renderPayment(prepaidOrder({ prepayment: { status: 'failed', amount: 12_345, paymentIntentId: 'pi_1' } }), 'u1', 'owner');
    expect(screen.getByText('Your online payment did not go through. Please pay again or by bank transfer.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeVisible();
    failed.unmount();
    for (const status of ['cancelled', 'awaiting-approval']) {
      const view = renderPayment(prepaidOrder({ status }), 'u1', 'owner');
      expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
      view.unmount();
    }
  });

  it("reads an invoiced order's invoices and offers those still open", () => {
    renderPayment(prepaidOrder({ invoiceNumbers: [42], paymentMethod: 'invoice-net30' }), 'u1', 'buyer');
    expect(mocks.invoices).toHaveBeenCalledWith(['INV-000042'], { skip: false });
  });
});
