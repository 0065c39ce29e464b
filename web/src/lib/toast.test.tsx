import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// The first download of sonner fails, as over a dropped connection; the next one arrives.
let downloads = 0;
vi.mock('sonner', async (importOriginal) => {
  downloads += 1;
  if (downloads === 1) throw new Error('Failed to fetch dynamically imported module');
  return importOriginal();
});

describe('toasts', () => {
  it('keep the page when sonner cannot be downloaded, and show the next toast once it can', async () => {
    const { Toaster, toast } = await import('./toast');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <p>The page</p>
        <Toaster />
      </>,
    );
    await act(async () => toast.success('Added 6 × Oat Milk to your cart.'));
    await vi.waitFor(() => expect(consoleError).toHaveBeenCalledWith('A notification could not be shown: Added 6 × Oat Milk to your cart.', expect.any(Error)));
    expect(screen.getByText('The page')).toBeVisible();

    await act(async () => toast.success('Added 12 × Oat Milk to your cart.'));
    expect(await screen.findByText('Added 12 × Oat Milk to your cart.')).toBeVisible();
    expect(screen.getByText('The page')).toBeVisible();
    consoleError.mockRestore();
  });
});
