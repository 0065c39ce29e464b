import { lazy, Suspense, useState } from 'react';
import { CreditCard } from 'lucide-react';
import { hasPayable, stripePublishableKey, type PaymentTarget } from './payNow';
import './payments.css';

// The dialog loads when it opens, not with the statement or the order page.
const PayNowDialog = lazy(() => import('./PayNowDialog').then((module) => ({ default: module.PayNowDialog })));

/**
 * "Pay now" for what the reader may pay of `target`; nothing when everything is paid or already
 * on its way, or when this build takes no online payments (no Stripe key).
 */
export function PayNow({ companyId, target, label = 'Pay now' }: { companyId: string; target: PaymentTarget; label?: string }) {
  const [open, setOpen] = useState(false);
  const publishableKey = stripePublishableKey();
  if (!publishableKey || !hasPayable(target)) return null;
  return (
    <>
      <button type="button" className="button small" onClick={() => setOpen(true)}>
        <CreditCard size={16} aria-hidden="true" /> {label}
      </button>
      {open && (
        <Suspense fallback={null}>
          <PayNowDialog companyId={companyId} target={target} publishableKey={publishableKey} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
