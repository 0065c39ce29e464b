/**
 * Stripe's Payment Element for a started payment: Stripe.js comes from Stripe's servers and takes
 * the card or bank account itself, so no card number ever reaches the shop. Loaded lazily by
 * PayNowDialog; a form that cannot load says so and offers to try again.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { formatMoney } from '@harbor/domain';
import { Spinner } from '../Spinner';

/** How long Stripe.js and its form may take to be ready before the buyer is told it did not load. */
export const FORM_LOAD_TIMEOUT_MS = 20_000;
export const FORM_LOAD_FAILURE = 'The secure payment form could not load. Check your connection and try again.';

interface PaymentFormProps {
  publishableKey: string;
  clientSecret: string;
  /** Cents, as the server started the payment. */
  amount: number;
  /** True while Stripe confirms the payment (the dialog stays open meanwhile). */
  onBusy: (busy: boolean) => void;
  onPaid: () => void;
  onCancel: () => void;
}

function ConfirmPayment({ amount, ready, onReady, onLoadError, onBusy, onPaid, onCancel }: Omit<PaymentFormProps, 'publishableKey' | 'clientSecret'> & { ready: boolean; onReady: () => void; onLoadError: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    onBusy(true);
    setProblem(null);
    // Cards and verified bank accounts answer here; a bank or 3-D Secure page comes back to this one.
    const { error } = await stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams: { return_url: window.location.href } });
    setBusy(false);
    onBusy(false);
    if (error) setProblem(error.message ?? 'Your payment did not go through. Please check the details or choose another way to pay.');
    else onPaid();
  }

  return (
    <form onSubmit={(event) => void pay(event)}>
      <div className="dialog-body">
        <PaymentElement onReady={onReady} onLoadError={onLoadError} />
        {problem && (
          <div className="notice error" role="alert">
            <p>{problem}</p>
          </div>
        )}
      </div>
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={!ready || busy}>
          {busy ? 'Paying…' : `Pay ${formatMoney(amount)}`}
        </button>
      </div>
    </form>
  );
}

export default function PaymentForm({ publishableKey, clientSecret, ...props }: PaymentFormProps) {
  // Each "Try again" loads Stripe.js and its form afresh.
  const [attempt, setAttempt] = useState(0);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    loadStripe(publishableKey).then(
      (loaded) => {
        if (!current) return;
        if (loaded) setStripe(loaded);
        else setFailed(true);
      },
      (error: unknown) => {
        console.error('Stripe.js could not load.', error);
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [publishableKey, attempt]);

  // A script that loads but a form that never becomes ready is a failure too.
  useEffect(() => {
    if (ready || failed) return;
    const timer = setTimeout(() => setFailed(true), FORM_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [ready, failed, attempt]);

  function retry() {
    setStripe(null);
    setReady(false);
    setFailed(false);
    setAttempt((count) => count + 1);
  }

  if (failed) {
    return (
      <>
        <div className="notice error" role="alert">
          <p>{FORM_LOAD_FAILURE}</p>
        </div>
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={props.onCancel}>
            Cancel
          </button>
          <button type="button" className="button" onClick={retry}>
            Try again
          </button>
        </div>
      </>
    );
  }
  return (
    <>
      {!ready && <Spinner label="Loading the secure payment form…" />}
      {!stripe && (
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={props.onCancel}>
            Cancel
          </button>
        </div>
      )}
      {stripe && (
        <Elements key={attempt} stripe={stripe} options={{ clientSecret }}>
          <ConfirmPayment {...props} ready={ready} onReady={() => setReady(true)} onLoadError={() => setFailed(true)} />
        </Elements>
      )}
    </>
  );
}
