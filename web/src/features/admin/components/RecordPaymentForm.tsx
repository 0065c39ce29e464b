import { useId, useState, type FormEvent } from 'react';
import {
  allocatePayment,
  formatMoney,
  invoiceOpenAmount,
  parseMoney,
  PAYMENT_RECORD_METHOD_LABELS,
  PAYMENT_RECORD_METHODS,
  type Invoice,
  type PaymentAllocation,
  type PaymentRecordMethod,
} from '@harbor/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FieldShell, fieldError } from '../../../components/FieldShell';
import { formatUtcDay, todayKey } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useRecordPaymentMutation, type RecordPaymentResult } from '../receivablesApi';

interface RecordPaymentFormProps {
  company: { id: string; name: string; unallocatedCredit: number };
  /** The company's open invoices, oldest first. */
  openInvoices: Invoice[];
}

type Errors = Partial<Record<'amount' | 'receivedOn' | 'reference' | 'form', string>> & { allocations?: Record<string, string> };

/** What the form will send, once every field reads. */
interface CheckedPayment {
  amount: number;
  allocations: PaymentAllocation[] | undefined;
  /** What the payment (with the company's credit first) will do, as the confirmation says it. */
  outcome: string[];
}

const REFERENCE_MAX = 120;

/** Reads the typed fields; the problems go beside their fields. */
function checkPayment(
  fields: { amount: string; receivedOn: string; reference: string; allocating: boolean; allocationTexts: Record<string, string>; keepCredit: boolean },
  company: RecordPaymentFormProps['company'],
  openInvoices: Invoice[],
): { payment: CheckedPayment } | { errors: Errors } {
  const errors: Errors = {};
  const amount = parseMoney(fields.amount);
  if (!amount) errors.amount = 'Enter the amount received, such as 1250 or 1,250.00.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fields.receivedOn) || Number.isNaN(Date.parse(fields.receivedOn))) errors.receivedOn = 'Give the day the payment was received.';
  else if (fields.receivedOn > todayKey()) errors.receivedOn = 'The day the payment was received cannot be in the future.';
  if (fields.reference.trim().length > REFERENCE_MAX) errors.reference = `The reference is too long (at most ${REFERENCE_MAX} characters).`;

  let requested: PaymentAllocation[] | undefined;
  if (fields.allocating) {
    const allocationErrors: Record<string, string> = {};
    requested = [];
    for (const invoice of openInvoices) {
      const text = fields.allocationTexts[invoice.number]?.trim() ?? '';
      if (!text) continue;
      const cents = parseMoney(text);
      const open = invoiceOpenAmount(invoice);
      if (cents === null) allocationErrors[invoice.number] = 'Enter an amount such as 500 or 500.00, or leave it blank.';
      else if (cents > open) allocationErrors[invoice.number] = `${invoice.number} has ${formatMoney(open)} open.`;
      else if (cents > 0) requested.push({ invoiceNumber: invoice.number, amount: cents });
    }
    if (Object.keys(allocationErrors).length) errors.allocations = allocationErrors;
    else if (requested.length === 0) errors.form = 'Enter what the payment pays of at least one invoice, or let it pay the oldest invoices first.';
  }
  if (Object.keys(errors).length || !amount) return { errors };

  // As the server will spread it: the company's credit first, then the payment.
  const result = allocatePayment(openInvoices, { amount, credit: company.unallocatedCredit, requested, keepCredit: fields.keepCredit }, (cents) => formatMoney(cents));
  if (!result.ok) return { errors: { form: result.problem } };
  const outcome = [
    ...(result.creditApplied > 0 ? [`${formatMoney(result.creditApplied)} of the company's credit is used first.`] : []),
    ...result.allocations.map((allocation) => `${allocation.invoiceNumber}: ${formatMoney(allocation.amount)} paid.`),
    ...(result.unallocated > 0 ? [`${formatMoney(result.unallocated)} is kept as ${company.name}'s credit.`] : []),
  ];
  return { payment: { amount, allocations: requested, outcome } };
}

const resultText = (result: RecordPaymentResult) =>
  [
    `Payment recorded${result.allocations.length ? `: ${result.allocations.map((allocation) => `${allocation.invoiceNumber} ${formatMoney(allocation.amount)}`).join(', ')}` : ''}.`,
    result.unallocated > 0 ? `${formatMoney(result.unallocated)} kept as credit.` : '',
  ]
    .filter(Boolean)
    .join(' ');

/**
 * Records money received from a company: amount, day, method and reference; by default it pays
 * the oldest invoices first, or what is entered beside each invoice. The outcome is confirmed
 * before anything is recorded; what was typed stays when the server refuses.
 */
export function RecordPaymentForm({ company, openInvoices }: RecordPaymentFormProps) {
  const formId = useId();
  const [amount, setAmount] = useState('');
  const [receivedOn, setReceivedOn] = useState(todayKey);
  const [method, setMethod] = useState<PaymentRecordMethod>('bank-transfer');
  const [reference, setReference] = useState('');
  const [allocating, setAllocating] = useState(false);
  const [allocationTexts, setAllocationTexts] = useState<Record<string, string>>({});
  const [keepCredit, setKeepCredit] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState<CheckedPayment | null>(null);
  // One id per payment, kept while it is retried: the server records it once.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [recordPayment, { isLoading }] = useRecordPaymentMutation();

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkPayment({ amount, receivedOn, reference, allocating, allocationTexts, keepCredit }, company, openInvoices);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    setConfirming(checked.payment);
  }

  async function record(payment: CheckedPayment) {
    const result = await recordPayment({
      companyId: company.id,
      requestId,
      amount: payment.amount,
      receivedOn,
      method,
      reference: reference.trim(),
      ...(payment.allocations ? { allocations: payment.allocations } : {}),
      keepCredit,
    });
    setConfirming(null);
    if (result.error) return setErrors({ form: result.error.message ?? 'The payment could not be recorded. Please try again.' });
    toast.success(resultText(result.data));
    setRequestId(crypto.randomUUID());
    setAmount('');
    setReference('');
    setAllocationTexts({});
    setAllocating(false);
    setKeepCredit(false);
  }

  return (
    <form className="form-grid record-payment" onSubmit={review} noValidate aria-labelledby={`${formId}-heading`}>
      <h3 id={`${formId}-heading`} className="span-2">
        Record payment
      </h3>
      <FieldShell label="Amount ($)" error={fieldError(errors.amount)}>
        {(control) => <input {...control} inputMode="decimal" autoComplete="off" value={amount} onChange={(event) => setAmount(event.target.value)} />}
      </FieldShell>
      <FieldShell label="Received on" error={fieldError(errors.receivedOn)}>
        {(control) => <input {...control} type="date" max={todayKey()} value={receivedOn} onChange={(event) => setReceivedOn(event.target.value)} />}
      </FieldShell>
      <FieldShell label="Method">
        {(control) => (
          <select {...control} value={method} onChange={(event) => setMethod(event.target.value as PaymentRecordMethod)}>
            {PAYMENT_RECORD_METHODS.map((each) => (
              <option key={each} value={each}>
                {PAYMENT_RECORD_METHOD_LABELS[each]}
              </option>
            ))}
          </select>
        )}
      </FieldShell>
      <FieldShell label="Reference" error={fieldError(errors.reference)}>
        {(control) => <input {...control} autoComplete="off" placeholder="Check number, transfer id…" value={reference} onChange={(event) => setReference(event.target.value)} />}
      </FieldShell>
      {openInvoices.length > 0 && (
        <label className="checkbox-field span-2">
          <input type="checkbox" checked={allocating} onChange={(event) => setAllocating(event.target.checked)} />
          Choose what it pays of each invoice (otherwise the oldest invoices first)
        </label>
      )}
      {allocating && (
        <fieldset className="span-2 allocation-list">
          <legend>Amount to each open invoice ($)</legend>
          {openInvoices.map((invoice) => (
            <FieldShell key={invoice.number} label={`${invoice.number} (${formatMoney(invoiceOpenAmount(invoice))} open)`} error={fieldError(errors.allocations?.[invoice.number])}>
              {(control) => (
                <input
                  {...control}
                  inputMode="decimal"
                  autoComplete="off"
                  value={allocationTexts[invoice.number] ?? ''}
                  onChange={(event) => setAllocationTexts({ ...allocationTexts, [invoice.number]: event.target.value })}
                />
              )}
            </FieldShell>
          ))}
        </fieldset>
      )}
      <label className="checkbox-field span-2">
        <input type="checkbox" checked={keepCredit} onChange={(event) => setKeepCredit(event.target.checked)} />
        Keep the rest as the company&rsquo;s credit
      </label>
      {errors.form && (
        <p className="field-error span-2" role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className="button span-2" disabled={isLoading}>
        {isLoading ? 'Recording…' : 'Record payment…'}
      </button>
      {confirming && (
        <ConfirmDialog
          title={`Record ${formatMoney(confirming.amount)} from ${company.name}?`}
          confirmLabel="Record payment"
          cancelLabel="Go back"
          busyLabel="Recording…"
          busy={isLoading}
          onConfirm={() => void record(confirming)}
          onClose={() => setConfirming(null)}
        >
          <p>
            {PAYMENT_RECORD_METHOD_LABELS[method]}
            {reference.trim() ? ` ${reference.trim()}` : ''}, received {formatUtcDay(Date.parse(`${receivedOn}T00:00:00Z`))}.
          </p>
          <ul className="plain-list">
            {confirming.outcome.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </ConfirmDialog>
      )}
    </form>
  );
}
