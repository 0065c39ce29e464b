import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../test/renderWithStore';
import { MemberEditor } from './MemberEditor';

const mocks = vi.hoisted(() => ({ updateMember: vi.fn(), toastSuccess: vi.fn() }));
vi.mock('../../../lib/firebase', () => ({ db: {} }));
vi.mock('../../../lib/callable', () => ({ callFunction: (_name: string, data: unknown) => mocks.updateMember(data) }));
vi.mock('../../../lib/toast', () => ({ toast: { error: vi.fn(), success: mocks.toastSuccess, warning: vi.fn() } }));

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const messageBeside = (label: string) => within(field(label).closest('.field') as HTMLElement).queryByRole('alert')?.textContent;

function renderEditor(onDone = vi.fn()) {
  renderWithStore(<MemberEditor companyId="co-1" uid="dana" name="Dana Reyes" role="buyer" limits={{ orderLimit: 200_000, monthlyLimit: null }} onDone={onDone} />);
  return onDone;
}

beforeEach(() => {
  mocks.updateMember.mockReset();
  mocks.toastSuccess.mockReset();
});

describe('MemberEditor', () => {
  it('shows the limits in dollars, blank for none, and saves them in cents', async () => {
    mocks.updateMember.mockResolvedValue({ uid: 'dana', role: 'buyer', orderLimit: 50_000, monthlyLimit: 250_050 });
    const onDone = renderEditor();
    expect(field('Order limit ($)')).toHaveValue('2000.00');
    expect(field('Monthly limit ($)')).toHaveValue('');
    await userEvent.clear(field('Order limit ($)'));
    await userEvent.type(field('Order limit ($)'), '500');
    await userEvent.type(field('Monthly limit ($)'), '$2,500.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(mocks.updateMember).toHaveBeenCalledWith({ companyId: 'co-1', uid: 'dana', role: 'buyer', orderLimit: 50_000, monthlyLimit: 250_050 });
    expect(mocks.toastSuccess).toHaveBeenCalledWith('Dana Reyes is now buyer.');
    expect(onDone).toHaveBeenCalled();
  });

  it('refuses an amount it cannot read beside its field, keeps what was typed, and sends nothing', async () => {
    const onDone = renderEditor();
    await userEvent.type(field('Monthly limit ($)'), 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(messageBeside('Monthly limit ($)')).toBe('Enter an amount such as 5000 or 5,000.00, or leave it blank for no limit.');
    expect(field('Monthly limit ($)')).toHaveValue('lots');
    expect(field('Monthly limit ($)')).toHaveAttribute('aria-invalid', 'true');
    expect(mocks.updateMember).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('sends no limits for an approver, and shows the server refusal without closing', async () => {
    mocks.updateMember.mockRejectedValue(Object.assign(new Error('Your company must keep an owner: make another member an owner first.'), { code: 'functions/failed-precondition' }));
    const onDone = renderEditor();
    await userEvent.selectOptions(field('Role'), 'approver');
    expect(field('Order limit ($)')).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(mocks.updateMember).toHaveBeenCalledWith({ companyId: 'co-1', uid: 'dana', role: 'approver', orderLimit: null, monthlyLimit: null });
    expect(await screen.findByText('Your company must keep an owner: make another member an owner first.')).toBeVisible();
    expect(onDone).not.toHaveBeenCalled();
  });
});
