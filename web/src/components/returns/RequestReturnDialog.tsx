import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import {
  RETURN_DAYS,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  requestReturnInputSchema,
  returnLimitText,
  type Order,
  type RequestReturnInput,
  type RequestReturnResult,
  type ReturnableLine,
  type ReturnReason,
} from '@harbor/domain';
import { paths } from '../../config';
import { formatDay } from '../../lib/dates';
import { useRequestReturnMutation } from '../../lib/returns/returnsApi';
import { FieldShell } from '../FieldShell';
import { FormDialogActions } from '../FormDialogActions';
import { failureMessage } from '../LoadError';
import { Modal } from '../Modal';
import './returns.css';

interface ReturnFormValues {
  /** One entry per returnable product, in the order of `returnable`: units as typed and the reason chosen. */
  lines: { productId: string; quantity: string; reason: ReturnReason | '' }[];
  note: string;
}

/**
 * The form as typed, checked line by line against what may be returned (the line's hint says why
 * no more), then turned into requestReturn's input: lines left at 0 are left out, and the
 * callable's own schema has the last word (at least one item, the note's length).
 */
function returnFormSchema(orderId: string, requestId: string, returnable: readonly ReturnableLine[]) {
  return z
    .object({
      lines: z.array(z.object({ productId: z.string(), quantity: z.string(), reason: z.enum(RETURN_REASONS).or(z.literal('')) })),
      note: z.string(),
    })
    .superRefine(({ lines }, context) => {
      lines.forEach((line, index) => {
        const limit = returnable[index]!;
        const typed = line.quantity.trim();
        const problem = !/^\d*$/.test(typed)
          ? { field: 'quantity', message: 'Enter a whole number of units.' }
          : Number(typed) > limit.returnable
            ? { field: 'quantity', message: `At most ${limit.returnable} ${limit.returnable === 1 ? 'unit' : 'units'} of ${limit.name} can be returned.` }
            : Number(typed) > 0 && !line.reason
              ? { field: 'reason', message: `Choose why ${limit.name} goes back.` }
              : null;
        if (problem) context.addIssue({ code: 'custom', path: ['lines', index, problem.field], message: problem.message });
      });
    })
    .transform(({ lines, note }): RequestReturnInput => ({
      orderId,
      requestId,
      note,
      lines: lines.flatMap(({ productId, quantity, reason }) => (Number(quantity) > 0 && reason ? [{ productId, quantity: Number(quantity), reason }] : [])),
    }))
    .pipe(requestReturnInputSchema);
}

type ReturnFormSchema = ReturnType<typeof returnFormSchema>;

/** A product that may be returned: how many units, and why. */
function ReturnLineFields({ line, index, form }: { line: ReturnableLine; index: number; form: ReturnType<typeof useForm<ReturnFormValues, unknown, z.output<ReturnFormSchema>>> }) {
  const errors = form.formState.errors.lines?.[index];
  const limited = line.onReturns > 0 || line.tooLate > 0;
  return (
    <fieldset className="return-line-fields">
      <legend>
        <span className="return-line-name">{line.name}</span>
        <span className="muted small">
          SKU {line.sku} · {line.unit}
        </span>
      </legend>
      <p className="small muted return-line-limit">
        {limited ? returnLimitText(line) : `Up to ${line.returnable} ${line.returnable === 1 ? 'unit' : 'units'}.`}
        {line.returnBy !== null && ` Returnable until ${formatDay(line.returnBy)}.`}
      </p>
      <div className="return-line-inputs">
        <FieldShell label="Units to return" error={errors?.quantity}>
          {(control) => <input {...control} type="number" inputMode="numeric" min={0} max={line.returnable} step={1} {...form.register(`lines.${index}.quantity`)} />}
        </FieldShell>
        <FieldShell label="Reason" error={errors?.reason}>
          {(control) => (
            <select {...control} {...form.register(`lines.${index}.reason`)}>
              <option value="">Choose a reason</option>
              {RETURN_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {RETURN_REASON_LABELS[reason]}
                </option>
              ))}
            </select>
          )}
        </FieldShell>
      </div>
    </fieldset>
  );
}

/** The return asked for: its number and where to follow it. */
function ReturnRequested({ requested, onClose }: { requested: RequestReturnResult; onClose: () => void }) {
  return (
    <>
      <div className="dialog-body" role="status">
        <p>
          <strong>Return {requested.number} requested.</strong> We review it and e-mail you once it is approved, with the return authorization to put in the parcel. Please do not send
          anything before then.
        </p>
        <p>
          {/* The form it replaces had the focus: the way on takes it. */}
          <Link to={paths.return(requested.returnId)} autoFocus>
            View return {requested.number}
          </Link>
        </p>
      </div>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </>
  );
}

/**
 * The request: units and a reason per product that may be returned, why the others cannot be,
 * and a note. One request id per dialog, kept when a refused or lost request is sent again.
 */
export function RequestReturnDialog({ order, lines, onClose }: { order: Order; lines: readonly ReturnableLine[]; onClose: () => void }) {
  const [requestId] = useState(() => crypto.randomUUID());
  const returnable = useMemo(() => lines.filter((line) => line.returnable > 0), [lines]);
  const others = lines.filter((line) => line.returnable === 0);
  const schema = useMemo(() => returnFormSchema(order.id, requestId, returnable), [order.id, requestId, returnable]);
  const form = useForm<ReturnFormValues, unknown, z.output<ReturnFormSchema>>({
    resolver: zodResolver(schema),
    defaultValues: { lines: returnable.map((line) => ({ productId: line.productId, quantity: '0', reason: '' })), note: '' },
  });
  const [requestReturn] = useRequestReturnMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [requested, setRequested] = useState<RequestReturnResult | null>(null);
  const { isSubmitting, errors } = form.formState;
  // "Choose at least one item" holds only until one is chosen (the form checks it again on sending).
  const anyChosen = useWatch({ control: form.control, name: 'lines' }).some((line) => Number(line.quantity) > 0);
  const listProblem = anyChosen ? undefined : (errors.lines?.message ?? errors.lines?.root?.message);

  const submit = form.handleSubmit(async (input) => {
    setFailure(null);
    const result = await requestReturn(input);
    if (result.error) setFailure(failureMessage(result.error, 'Your return request could not be sent. Please try again.'));
    else setRequested(result.data);
  });

  return (
    <Modal title={`Return items of order ${order.id}`} className="request-return" onClose={onClose} locked={isSubmitting}>
      {requested ? (
        <ReturnRequested requested={requested} onClose={onClose} />
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <div className="dialog-body">
            <p className="small">
              Choose how many units of each item to send back, and why. Units can be returned within {RETURN_DAYS} days of the shipment that brought them. We review your request and
              e-mail you a return authorization; once the goods arrive, we credit them to your account.
            </p>
            {returnable.map((line, index) => (
              <ReturnLineFields key={line.productId} line={line} index={index} form={form} />
            ))}
            {listProblem && (
              <p className="field-error" role="alert">
                {listProblem}
              </p>
            )}
            {others.length > 0 && (
              <div className="return-not-returnable">
                <h3>Cannot be returned now</h3>
                <ul className="small">
                  {others.map((line) => (
                    <li key={line.productId}>{returnLimitText(line)}</li>
                  ))}
                </ul>
              </div>
            )}
            <FieldShell label="Note for our team (optional)" error={errors.note}>
              {(control) => <textarea {...control} rows={3} maxLength={1000} placeholder="What happened, how the goods were packed…" {...form.register('note')} />}
            </FieldShell>
            {failure && (
              <div className="notice error" role="alert">
                <p>{failure}</p>
              </div>
            )}
          </div>
          <FormDialogActions submitLabel="Request return" busyLabel="Sending…" busy={isSubmitting} onCancel={onClose} />
        </form>
      )}
    </Modal>
  );
}
