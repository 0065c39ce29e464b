import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CartItem, Profile } from '@harbor/domain';
import { signedOutState as signedOut } from '../../lib/session';
import { cartWith, renderWithStore } from '../../test/renderWithStore';
import { Header } from './Header';

// The header calls Firebase only on user actions (logout); the module is stubbed so the test
// never opens a network connection.
vi.mock('../../lib/firebase', () => ({ auth: {}, db: {}, functions: {} }));
// Suggestions are SearchForm.test.tsx's subject; here they never arrive.
vi.mock('../../lib/search/providerChoice', () => ({ chooseSearchProvider: () => new Promise(() => undefined) }));
vi.mock('../../lib/search/searchProvider', () => ({
  suggestWhileIndexLoads: () => ({ kind: 'server', suggest: () => new Promise(() => undefined) }),
}));

const profile: Profile = {
  name: 'Blake Buyer',
  email: 'blake@example.com',
  company: 'Seaside Café',
  phone: '',
  shippingAddress: { line1: '', line2: '', city: '', region: '', postalCode: '', country: '' },
  companyId: '',
};
const user = { uid: 'u1', email: 'blake@example.com', displayName: null };

function line(id: string, quantity: number): CartItem {
  return { id, price: 500, quantity, name: id, sku: id, imageUrl: '', unit: 'case', minOrderQty: 1, packSize: 1 };
}

describe('Header search', () => {
  it('navigates to /?search=<trimmed text> on submit', async () => {
    const { location } = renderWithStore(<Header />, { path: '/cart', preloadedState: { auth: signedOut } });
    await userEvent.type(screen.getByPlaceholderText('Search for products...'), '  paper towels  {Enter}');
    expect(location()).toBe('/?search=paper+towels');
  });

  it('does nothing for blank input', async () => {
    const { location } = renderWithStore(<Header />, { path: '/cart', preloadedState: { auth: signedOut } });
    await userEvent.type(screen.getByPlaceholderText('Search for products...'), '    {Enter}');
    expect(location()).toBe('/cart');
  });
});

describe('Header cart badge', () => {
  it('is not rendered when the cart is empty', () => {
    renderWithStore(<Header />, { preloadedState: { auth: signedOut, cart: cartWith([]) } });
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart, empty' })).toBeInTheDocument();
  });

  it('shows the sum of quantities, not the number of lines', () => {
    renderWithStore(<Header />, { preloadedState: { auth: signedOut, cart: cartWith([line('a', 12), line('b', 3)]) } });
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('15');
    expect(screen.getByRole('link', { name: 'Cart, 15 items' })).toBeInTheDocument();
  });
});

describe('Header user menu', () => {
  it('offers Login and Register when signed out', () => {
    renderWithStore(<Header />, { preloadedState: { auth: signedOut } });
    const account = screen.getByRole('navigation', { name: 'Account' });
    expect(within(account).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(account).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.queryByText(/^Hi, /)).not.toBeInTheDocument();
  });

  it('greets a signed-in shopper by profile name with My Profile and Logout, without Admin Panel', () => {
    renderWithStore(<Header />, { signedInAs: { user, profile } });
    expect(screen.getByText('Hi, Blake Buyer')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Returns' })).toHaveAttribute('href', '/returns');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin Panel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('greets by e-mail when the profile has no name', () => {
    renderWithStore(<Header />, { signedInAs: { user, profile: { ...profile, name: '' } } });
    expect(screen.getByText('Hi, blake@example.com')).toBeInTheDocument();
  });

  it('shows Admin Panel only for the admin role', () => {
    renderWithStore(<Header />, { signedInAs: { user, profile: { ...profile, role: 'admin' } } });
    expect(screen.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
  });
});
