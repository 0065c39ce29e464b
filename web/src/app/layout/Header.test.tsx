import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../test/renderWithStore';
import { Header } from './Header';

// The header's components call Firebase only on user actions (logout); the module is stubbed so
// the test never opens a network connection.
vi.mock('../../app/firebase', () => ({ auth: {}, db: {}, functions: {} }));

describe('Header search', () => {
  it('navigates to /?search=<trimmed text> on submit', async () => {
    const { location } = renderWithStore(<Header />, { path: '/cart' });
    await userEvent.type(screen.getByPlaceholderText('Search for products...'), '  paper towels  {Enter}');
    expect(location()).toBe('/?search=paper+towels');
  });

  it('does nothing for blank input', async () => {
    const { location } = renderWithStore(<Header />, { path: '/cart' });
    await userEvent.type(screen.getByPlaceholderText('Search for products...'), '    {Enter}');
    expect(location()).toBe('/cart');
  });
});
