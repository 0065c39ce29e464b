import { screen, within } from '@testing-library/react';
import type * as FirestoreLite from 'firebase/firestore/lite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Company, ProductReturn } from '@harbor/domain';
import { renderWithStore } from '../../../test/renderWithStore';
import { testReturn } from '../../../test/returns';
import ReturnPage from './ReturnPage';
import ReturnsPage from './ReturnsPage';

const mocks = vi.hoisted(() => ({ company: null as Pick<Company, 'id' | 'members'> | null, readPage: vi.fn(), stored: null as ProductReturn | null }));

vi.mock('../../../lib/firebase', () => ({ db: {} }));
vi.mock('../../../lib/company', () => ({ useBuyerAccount: () => ({ company: mocks.company, loading: false }) }));
vi.mock('../returnsQuery', () => ({ readReturnsPage: (_db: unknown, scope: unknown) => mocks.readPage(scope) }));
// The one return the page reads, as the converter would give it (null: missing, or refused by the rules).
vi.mock('firebase/firestore/lite', async (importOriginal) => ({
  ...(await importOriginal<typeof FirestoreLite>()),
  collection: () => ({ withConverter: () => ({}) }),
  doc: () => ({}),
  getDoc: async () => ({ data: () => mocks.stored ?? undefined }),
}));

const signedInAs = {
  user: { uid: 'u1', email: 'bo@example.com', displayName: 'Bo Buyer' },
  profile: { name: 'Bo Buyer', email: 'bo@example.com', company: 'Odette Owner Trading', phone: '', companyId: 'co-1', shippingAddress: { line1: '', line2: '', city: '', region: '', postalCode: '', country: '' } },
};

beforeEach(() => {
  mocks.company = { id: 'co-1', members: { u1: 'buyer', o1: 'owner' } };
  mocks.readPage.mockReset().mockResolvedValue({ rows: [testReturn()], next: null, previous: null, documentsRead: 1 });
  mocks.stored = null;
});

describe('ReturnsPage', () => {
  it('lists a buyer’s own returns with the order each is of', async () => {
    renderWithStore(<ReturnsPage />, { signedInAs });
    const table = await screen.findByRole('table', { name: 'Your returns, newest first' });
    expect(within(table).getByRole('link', { name: 'RMA-000001' })).toHaveAttribute('href', '/returns/rma-1');
    expect(within(table).getByRole('link', { name: 'HW-RETURN0001' })).toHaveAttribute('href', '/order-confirmation/HW-RETURN0001');
    expect(within(table).queryByRole('columnheader', { name: 'Requested by' })).not.toBeInTheDocument();
    expect(mocks.readPage).toHaveBeenCalledWith({ field: 'userId', value: 'u1' });
  });

  it('lists every return of the company, with who asked, for its owner', async () => {
    mocks.company = { id: 'co-1', members: { u1: 'owner' } };
    renderWithStore(<ReturnsPage />, { signedInAs });
    const table = await screen.findByRole('table', { name: "Your company's returns, newest first" });
    expect(within(table).getByRole('cell', { name: 'Bo Buyer' })).toBeInTheDocument();
    expect(mocks.readPage).toHaveBeenCalledWith({ field: 'companyId', value: 'co-1' });
  });

  it('says how to return something when there is nothing yet', async () => {
    mocks.readPage.mockResolvedValue({ rows: [], next: null, previous: null, documentsRead: 0 });
    renderWithStore(<ReturnsPage />, { signedInAs });
    expect(await screen.findByRole('heading', { name: 'No returns yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your orders' })).toHaveAttribute('href', '/profile#orders');
  });
});

describe('ReturnPage', () => {
  it('shows where the return stands, its order, lines, note and history', async () => {
    mocks.stored = testReturn({ note: 'Crushed corner' });
    renderWithStore(<ReturnPage />, { signedInAs, path: '/returns/rma-1' });
    expect(await screen.findByRole('heading', { name: 'Return RMA-000001 Requested', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('We are reviewing your request and e-mail you once it is decided. Please do not send anything before then.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'HW-RETURN0001' })).toHaveAttribute('href', '/order-confirmation/HW-RETURN0001');
    expect(screen.getByRole('table', { name: 'Items to return' })).toHaveTextContent('Hot Cups, 12 oz');
    expect(screen.getByText('Crushed corner')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'History' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('reads a return the reader may not see as one that does not exist', async () => {
    renderWithStore(<ReturnPage />, { signedInAs, path: '/returns/rma-other' });
    expect(await screen.findByRole('heading', { name: 'Return not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your returns' })).toHaveAttribute('href', '/returns');
  });
});
