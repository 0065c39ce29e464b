import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal';

describe('Modal', () => {
  it('closes on Escape, and a dialog opened from it closes alone', () => {
    const closeOrder = vi.fn();
    const closeConfirmation = vi.fn();
    render(
      <Modal title="Order HW-1" onClose={closeOrder}>
        <Modal title="Mark invoice INV-000001 paid?" onClose={closeConfirmation}>
          <p>Sure?</p>
        </Modal>
      </Modal>,
    );
    // The browser sends Escape to the top dialog as a cancel event.
    fireEvent(screen.getByRole('dialog', { name: 'Mark invoice INV-000001 paid?' }), new Event('cancel', { cancelable: true }));
    expect(closeConfirmation).toHaveBeenCalledOnce();
    expect(closeOrder).not.toHaveBeenCalled();
    fireEvent(screen.getByRole('dialog', { name: 'Order HW-1' }), new Event('cancel', { cancelable: true }));
    expect(closeOrder).toHaveBeenCalledOnce();
  });
});
