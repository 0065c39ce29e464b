import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { productFromData, type ValidProduct } from '@harbor/domain';
import { renderWithStore } from '../../../test/renderWithStore';
import { ProductForm } from './ProductForm';

vi.mock('../../../lib/firebase', () => ({ db: {}, firebaseApp: {}, emulators: { host: '127.0.0.1', storagePort: null } }));

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const messageBeside = (label: string) => within(field(label).closest('.field') as HTMLElement).queryByRole('alert')?.textContent;

async function fillValidProduct() {
  await userEvent.type(field('Name'), 'Harbor Crate');
  await userEvent.type(field('SKU'), 'pkg-9000');
  await userEvent.selectOptions(field('Category'), 'Packaging');
  await userEvent.type(field('Unit'), 'crate of 12');
  await userEvent.type(field('Price (USD)'), '24.50');
}

describe('ProductForm', () => {
  it('shows the shared schema\'s messages beside each field and does not save', async () => {
    const onSave = vi.fn();
    renderWithStore(<ProductForm product={null} onSave={onSave} />);
    await userEvent.clear(field('Stock'));
    await userEvent.type(field('Stock'), '-3');
    await userEvent.clear(field('Pack size'));
    await userEvent.type(field('Pack size'), '4');
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(messageBeside('Name')).toBe('Name must be at least 2 characters.');
    expect(messageBeside('Category')).toBe('Choose a category from the list.');
    expect(messageBeside('Price (USD)')).toBe('Price must be an amount such as 18.99.');
    expect(messageBeside('Unit')).toBe('Unit is required, e.g. "case of 24".');
    expect(messageBeside('Stock')).toBe('Stock must be at least 0.');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('checks the volume tiers against the price and pack size', async () => {
    const onSave = vi.fn();
    renderWithStore(<ProductForm product={null} onSave={onSave} />);
    await fillValidProduct();
    await userEvent.click(screen.getByRole('button', { name: 'Add tier' }));
    await userEvent.type(field('Tier 1 from quantity'), '10');
    await userEvent.type(field('Tier 1 unit price'), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(messageBeside('Tier 1 unit price')).toBe('Tier 1 price must be lower than the price before it.');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves amounts in cents and an upper-case SKU', async () => {
    const onSave = vi.fn<(product: ValidProduct) => Promise<null>>().mockResolvedValue(null);
    renderWithStore(<ProductForm product={null} onSave={onSave} />);
    await fillValidProduct();
    await userEvent.click(screen.getByRole('button', { name: 'Add tier' }));
    await userEvent.type(field('Tier 1 from quantity'), '20');
    await userEvent.type(field('Tier 1 unit price'), '22');
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ name: 'Harbor Crate', sku: 'PKG-9000', price: 2450, stock: 0, packSize: 1, tiers: [{ minQty: 20, price: 2200 }], active: true }));
  });

  it('saves a product as backorderable with its restock date; both are off and empty by default', async () => {
    const onSave = vi.fn<(product: ValidProduct) => Promise<null>>().mockResolvedValue(null);
    renderWithStore(<ProductForm product={null} onSave={onSave} />);
    const backorderable = screen.getByRole('checkbox', { name: /Backorderable/ });
    expect(backorderable).not.toBeChecked();
    expect(backorderable).toHaveAccessibleName(expect.stringContaining('the rest waits on backorder'));
    expect(field('Restock date')).toHaveValue('');
    await fillValidProduct();
    await userEvent.click(backorderable);
    await userEvent.type(field('Restock date'), '2026-12-09');
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ backorderable: true, restockDate: '2026-12-09' }));
  });

  it('shows an existing product\'s backorders and the units open orders wait for', () => {
    const product = productFromData('bev-1001', { name: 'Sparkling Water', sku: 'BEV-1001', category: 'Beverages', price: 1899, unit: 'case', stock: 0, active: true, backorderable: true, restockDate: '2026-12-09', backordered: 15 });
    renderWithStore(<ProductForm product={product} onSave={vi.fn()} />);
    expect(screen.getByRole('checkbox', { name: /Backorderable/ })).toBeChecked();
    expect(field('Restock date')).toHaveValue('2026-12-09');
    expect(screen.getByText('Units on hand; open orders wait for 15 more.')).toBeInTheDocument();
  });

  it('puts a duplicate SKU refusal on the SKU field and keeps what was typed', async () => {
    const onSave = vi.fn().mockResolvedValue({ code: 'already-exists', message: 'SKU PKG-9000 is already used by "Old Crate".' });
    renderWithStore(<ProductForm product={null} onSave={onSave} />);
    await fillValidProduct();
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('SKU PKG-9000 is already used by "Old Crate".', { selector: '.field-error' })).toBeInTheDocument();
    expect(messageBeside('SKU')).toBe('SKU PKG-9000 is already used by "Old Crate".');
    expect(field('Name')).toHaveValue('Harbor Crate');
    expect(field('SKU')).toHaveFocus();
  });

  it('fills the form from an existing product, in dollars', () => {
    const product = productFromData('bev-1001', { name: 'Sparkling Water', sku: 'BEV-1001', category: 'Beverages', price: 1899, unit: 'case', stock: 640, active: false, tiers: [{ minQty: 10, price: 1799 }] });
    renderWithStore(<ProductForm product={product} onSave={vi.fn()} />);
    expect(field('Price (USD)')).toHaveValue('18.99');
    expect(field('Tier 1 unit price')).toHaveValue('17.99');
    expect(screen.getByRole('checkbox', { name: /On sale/ })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
  });

  it('explains that uploads need the Storage emulator when it is not running', () => {
    renderWithStore(<ProductForm product={null} onSave={vi.fn()} />);
    expect(screen.getByText(/Uploads need the Storage emulator/)).toBeInTheDocument();
    expect(screen.getByLabelText('Upload image')).toBeDisabled();
  });
});
