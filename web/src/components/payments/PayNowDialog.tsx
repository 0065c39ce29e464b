import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import {
  formatMoney,
  ONLINE_PAYMENT_METHOD_LABELS,
  ONLINE_PAYMENT_METHODS,
  parseMoney,
  payableAmount,
  planInvoicePayment,
  planOrderPrepayment,
  processingText,
  type OnlinePaymentMethod,
  type StartPaymentInput,
  type StartPaymentResult,
} from '@harbor/domain';
import { api } from '../../lib/api';
import { useAppDispatch } from '../../lib/hooks';
import { useStartPaymentMutation } from '../../lib/receivables/receivablesApi';
import { FieldShell, fieldError } from '../FieldShell';
import { FormDialogActions } from '../FormDialogActions';
import { failureMessage } from '../LoadError';
import { Modal } from '../Modal';
import { Spinner } from '../Spinner';
import type { PaymentTarget } from './payNow';

// Stripe.js and its React bindings load only once a payment is started, never with the page.
const PaymentForm = lazy(() => import('./PaymentForm'));

const amountText = (cents: number) => (cents / 100).toFixed(2);

interface PayNowDialogProps {
  companyId: string;
  target: PaymentTarget;
  publishableKey: string;
  onClose: () => void;
}

type Step = { kind: 'choose' } | { kind: 'pay'; payment: StartPaymentResult } | { kind: 'paid'; amount: number };

/** What the chosen invoices (or the order) and the typed amount ask of startPayment, or why they cannot be paid. */
function checkChoice(target: PaymentTarget, chosen: ReadonlySet<string>, typed: string): { amount: number } | { problem: string; field: 'amount' | 'invoices' } {
  const amount = parseMoney(typed);
  if (amount === null || amount === 0) return { problem: 'Enter the amount to pay, such as 1250 or 1,250.00.', field: 'amount' };
  if (target.kind === 'order') {
    const plan = planOrderPrepayment(target.total, amount);
    return plan.ok ? { amount: plan.amount } : { problem: plan.problem, field: 'amount' };
  }
  const invoices = target.invoices.filter((invoice) => chosen.has(invoice.number));
  if (invoices.length === 0) return { problem: 'Choose at least one invoice to pay.', field: 'invoices' };
  const plan = planInvoicePayment(invoices, amount);
  return plan.ok ? { amount: plan.amount } : { problem: plan.problem, field: 'amount' };
}

/**
 * The buyer chooses what to pay (the invoices, each with what is open and not already on its way,
 * and one total it may lower) and how, then starts the payment. Each attempt has its own request
 * id, kept when the same attempt is sent again, so Stripe answers the same PaymentIntent.
 */
function ChoosePayment({ companyId, target, onStarted, onCancel }: { companyId: string; target: PaymentTarget; onStarted: (payment: StartPaymentResult) => void; onCancel: () => void }) {
  const payable = target.kind === 'invoices' ? target.invoices.filter((invoice) => payableAmount(invoice) > 0) : [];
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(payable.map((invoice) => invoice.number)));
  const sumOf = (numbers: ReadonlySet<string>) => (target.kind === 'order' ? target.total : payable.filter((invoice) => numbers.has(invoice.number)).reduce((sum, invoice) => sum + payableAmount(invoice), 0));
  const [amount, setAmount] = useState(() => amountText(sumOf(chosen)));
  const [method, setMethod] = useState<OnlinePaymentMethod>('card');
  const [errors, setErrors] = useState<Partial<Record<'amount' | 'invoices' | 'form', string>>>({});
  const attempt = useRef<{ key: string; requestId: string } | null>(null);
  const [startPayment, { isLoading }] = useStartPaymentMutation();

  function toggle(number: string, on: boolean) {
    const next = new Set(chosen);
    if (on) next.add(number);
    else next.delete(number);
    setChosen(next);
    // The total follows the invoices chosen; the buyer lowers it afterwards for a partial payment.
    setAmount(amountText(sumOf(next)));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkChoice(target, chosen, amount);
    if ('problem' in checked) return setErrors({ [checked.field]: checked.problem });
    setErrors({});
    const what = target.kind === 'order' ? { orderId: target.orderId } : { invoiceNumbers: payable.filter((invoice) => chosen.has(invoice.number)).map((invoice) => invoice.number) };
    const key = JSON.stringify({ ...what, amount: checked.amount, method });
    if (attempt.current?.key !== key) attempt.current = { key, requestId: crypto.randomUUID() };
    const input: StartPaymentInput = { companyId, requestId: attempt.current.requestId, ...what, amount: checked.amount, method };
    const result = await startPayment(input);
    if (result.error) return setErrors({ form: failureMessage(result.error, 'The payment could not be started. Please try again.') });
    onStarted(result.data);
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <div className="dialog-body pay-now">
        {target.kind === 'order' ? (
          <p>
            Order {target.orderId} ships once it is paid: <strong>{formatMoney(target.total)}</strong>.
          </p>
        ) : (
          <fieldset className="pay-invoices" aria-describedby={errors.invoices ? 'pay-invoices-error' : undefined}>
            <legend>Invoices to pay</legend>
            <ul className="plain-list">
              {target.invoices.map((invoice) => {
                const open = payableAmount(invoice);
                return (
                  <li key={invoice.number}>
                    {open > 0 ? (
                      <label className="checkbox-field">
                        <input type="checkbox" checked={chosen.has(invoice.number)} onChange={(event) => toggle(invoice.number, event.target.checked)} />
                        <span className="mono">{invoice.number}</span>{' '}
                        <span className="pay-invoice-amount">{formatMoney(open)}</span>
                      </label>
                    ) : (
                      <span className="pay-invoice-processing">
                        <span className="mono">{invoice.number}</span> <span className="muted small">{processingText(invoice)}</span>
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
            {errors.invoices && (
              <p id="pay-invoices-error" className="field-error" role="alert">
                {errors.invoices}
              </p>
            )}
          </fieldset>
        )}
        {/* A prepaid order is paid in full (it ships once paid); invoices may be paid in part. */}
        {target.kind === 'invoices' && (
          <FieldShell label="Amount to pay ($)" error={fieldError(errors.amount)} hint="Lower it to pay part now; the oldest invoice is paid first.">
            {(control) => (
              <input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(event) => {
                  setAmount(event.target.value);
                  // A problem with the amount typed before stays no longer than that amount.
                  setErrors({});
                }}
              />
            )}
          </FieldShell>
        )}
        {errors.amount && target.kind === 'order' && (
          <p className="field-error" role="alert">
            {errors.amount}
          </p>
        )}
        <fieldset className="pay-methods">
          <legend>Pay by</legend>
          {ONLINE_PAYMENT_METHODS.map((each) => (
            <label key={each} className="checkbox-field">
              <input type="radio" name="pay-method" value={each} checked={method === each} onChange={() => setMethod(each)} />
              {ONLINE_PAYMENT_METHOD_LABELS[each]}
            </label>
          ))}
        </fieldset>
        {errors.form && (
          <div className="notice error" role="alert">
            <p>{errors.form}</p>
          </div>
        )}
      </div>
      <FormDialogActions submitLabel="Continue" busyLabel="Starting…" busy={isLoading} onCancel={onCancel} />
    </form>
  );
}

/**
 * "Pay now": choose and start the payment, then Stripe's secure form takes the card or bank
 * account. Once started, closing reads the invoices and orders again: whatever Stripe has recorded
 * by then shows.
 */
export function PayNowDialog({ companyId, target, publishableKey, onClose }: PayNowDialogProps) {
  const dispatch = useAppDispatch();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [paying, setPaying] = useState(false);
  const close = () => {
    if (step.kind !== 'choose') dispatch(api.util.invalidateTags(['Receivables', 'Order']));
    onClose();
  };
  return (
    <Modal title={target.kind === 'order' ? `Pay order ${target.orderId}` : 'Pay invoices'} className="pay-now-dialog" onClose={close} locked={paying}>
      {step.kind === 'choose' && <ChoosePayment companyId={companyId} target={target} onStarted={(payment) => setStep({ kind: 'pay', payment })} onCancel={onClose} />}
      {step.kind === 'pay' && (
        <Suspense fallback={<Spinner label="Loading the secure payment form…" />}>
          <PaymentForm
            publishableKey={publishableKey}
            clientSecret={step.payment.clientSecret}
            amount={step.payment.amount}
            onBusy={setPaying}
            onPaid={() => {
              dispatch(api.util.invalidateTags(['Receivables', 'Order']));
              setStep({ kind: 'paid', amount: step.payment.amount });
            }}
            onCancel={close}
          />
        </Suspense>
      )}
      {step.kind === 'paid' && (
        <>
          <p role="status">Thank you. Your payment of {formatMoney(step.amount)} is being recorded; it appears on your statement in a moment.</p>
          <div className="dialog-actions">
            {/* The form it replaces had the focus: the way out takes it. */}
            <button type="button" className="button" onClick={close} autoFocus>
              Done
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
