import type { UseFormRegisterReturn } from 'react-hook-form';
import { FileText, Landmark } from 'lucide-react';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, SHOP_RULES, type PaymentMethod } from '@harbor/domain';

const DESCRIPTIONS: Record<PaymentMethod, string> = {
  'invoice-net30': `We invoice you when the order ships; payment is due within ${SHOP_RULES.invoiceDueDays} days.`,
  'bank-transfer': 'Pay by bank transfer with your order number; we ship as soon as the payment arrives.',
};

const ICONS = { 'invoice-net30': FileText, 'bank-transfer': Landmark } satisfies Record<PaymentMethod, unknown>;

export function PaymentMethodFields({ registration }: { registration: UseFormRegisterReturn }) {
  return (
    <fieldset className="card payment-methods">
      <legend>
        <h2>Payment</h2>
      </legend>
      {PAYMENT_METHODS.map((method) => {
        const Icon = ICONS[method];
        return (
          <label key={method} className="payment-option">
            <input type="radio" value={method} {...registration} />
            <Icon size={22} aria-hidden="true" className="payment-icon" />
            <span>
              <strong>{PAYMENT_METHOD_LABELS[method]}</strong>
              <span className="muted small">{DESCRIPTIONS[method]}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
