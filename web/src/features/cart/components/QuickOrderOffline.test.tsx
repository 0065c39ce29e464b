import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../test/renderWithStore';
import { QuickOrder } from './QuickOrder';

vi.mock('../../../lib/firebase', () => ({ auth: {}, db: {}, functions: {} }));
// The box's rules load on first use; here their chunk cannot be fetched.
vi.mock('./quickOrderRules', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

it('says the lines could not be checked when its rules cannot be loaded, and keeps them', async () => {
  renderWithStore(<QuickOrder result={{ text: '', report: null }} onResult={() => undefined} />);
  const box = screen.getByLabelText('SKUs and quantities');
  await userEvent.type(box, 'BEV-1005 8');
  await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The lines could not be checked: the connection may be down. Please try again.');
  expect(box).toHaveValue('BEV-1005 8');
});
