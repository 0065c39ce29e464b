import type { UseFormRegisterReturn } from 'react-hook-form';
import './checkout.css';
import { FileText, Landmark } from 'lucide-react';
import { formatMoney, netDays, PAYMENT_METHOD_LABELS, type PaymentMethod } from '@harbor/domain';

function description(method: PaymentMethod): string {
  if (method === 'bank-transfer') return 'Pay by bank transfer with your order number; we ship as soon as the payment arrives.';
  return `We invoice you when the order ships; payment is due ${netDays(method)} days after the invoice date.`;
}

interface PaymentMethodFieldsProps {
  registration: UseFormRegisterReturn;
  /** The methods the company's payment terms allow. */
  methods: readonly PaymentMethod[];
  /** Credit the company has left for invoice orders, in cents. */
  availableCredit: number;
}

export function PaymentMethodFields({ registration, methods, availableCredit }: PaymentMethodFieldsProps) {
  return (
    <fieldset className="card payment-methods">
      <legend>
        <h2>Payment</h2>
      </legend>
      {methods.map((method) => {
        const Icon = method === 'bank-transfer' ? Landmark : FileText;
        return (
          <label key={method} className="payment-option">
            <input type="radio" value={method} {...registration} />
            <Icon size={22} aria-hidden="true" className="payment-icon" />
            <span>
              <strong>{PAYMENT_METHOD_LABELS[method]}</strong>
              <span className="muted small">{description(method)}</span>
              {method !== 'bank-transfer' && <span className="muted small available-credit">Available credit: {formatMoney(availableCredit)}</span>}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
