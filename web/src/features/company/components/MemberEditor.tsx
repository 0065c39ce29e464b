import { useId, useState, type FormEvent } from 'react';
import { MEMBER_ROLE_LABELS, MEMBER_ROLES, parseMoney, type MemberRole, type SpendingLimits } from '@harbor/domain';
import { toast } from '../../../lib/toast';
import { useUpdateMemberMutation } from '../api';

interface MemberEditorProps {
  companyId: string;
  uid: string;
  name: string;
  role: MemberRole;
  limits: SpendingLimits;
  onDone: () => void;
}

const amountText = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

/** A limit as typed: blank is no limit; anything else must be an amount. */
function readLimit(text: string): { cents: number | null } | null {
  if (!text.trim()) return { cents: null };
  const cents = parseMoney(text);
  return cents === null ? null : { cents };
}

/** The owner sets a member's role and, for a buyer, what it may spend without approval (blank for no limit). */
export function MemberEditor({ companyId, uid, name, role: currentRole, limits, onDone }: MemberEditorProps) {
  const formId = useId();
  const [role, setRole] = useState<MemberRole>(currentRole);
  const [orderLimit, setOrderLimit] = useState(amountText(limits.orderLimit));
  const [monthlyLimit, setMonthlyLimit] = useState(amountText(limits.monthlyLimit));
  const [errors, setErrors] = useState<{ orderLimit?: string; monthlyLimit?: string; form?: string }>({});
  const [updateMember, { isLoading }] = useUpdateMemberMutation();

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const order = readLimit(orderLimit);
    const monthly = readLimit(monthlyLimit);
    const problems = {
      ...(role === 'buyer' && !order ? { orderLimit: 'Enter an amount such as 2000 or 2,000.00, or leave it blank for no limit.' } : {}),
      ...(role === 'buyer' && !monthly ? { monthlyLimit: 'Enter an amount such as 5000 or 5,000.00, or leave it blank for no limit.' } : {}),
    };
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const result = await updateMember({ companyId, uid, role, orderLimit: role === 'buyer' ? order!.cents : null, monthlyLimit: role === 'buyer' ? monthly!.cents : null });
    if (result.error) {
      setErrors({ form: result.error.message ?? 'The change could not be saved. Please try again.' });
      return;
    }
    toast.success(`${name} is now ${MEMBER_ROLE_LABELS[role].toLowerCase()}.`);
    onDone();
  }

  const field = (key: 'orderLimit' | 'monthlyLimit', label: string, value: string, setValue: (value: string) => void) => (
    <div className="field">
      <label htmlFor={`${formId}-${key}`}>{label}</label>
      <input
        id={`${formId}-${key}`}
        inputMode="decimal"
        placeholder="No limit"
        value={value}
        disabled={role !== 'buyer'}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${formId}-${key}-error` : undefined}
      />
      {errors[key] && (
        <small id={`${formId}-${key}-error`} className="field-error" role="alert">
          {errors[key]}
        </small>
      )}
    </div>
  );

  return (
    <form className="member-editor" onSubmit={save} noValidate aria-label={`Role and limits of ${name}`}>
      <div className="field">
        <label htmlFor={`${formId}-role`}>Role</label>
        <select id={`${formId}-role`} value={role} onChange={(event) => setRole(event.target.value as MemberRole)} autoFocus>
          {MEMBER_ROLES.map((each) => (
            <option key={each} value={each}>
              {MEMBER_ROLE_LABELS[each]}
            </option>
          ))}
        </select>
      </div>
      {field('orderLimit', 'Order limit ($)', orderLimit, setOrderLimit)}
      {field('monthlyLimit', 'Monthly limit ($)', monthlyLimit, setMonthlyLimit)}
      <p className="small muted span-all">
        {role === 'buyer' ? 'Orders over a limit wait for an owner or approver of your company.' : 'Owners and approvers order without limits and decide the orders that wait for approval.'}
      </p>
      {errors.form && (
        <p className="field-error span-all" role="alert">
          {errors.form}
        </p>
      )}
      <div className="member-editor-actions span-all">
        <button type="submit" className="button small" disabled={isLoading}>
          {isLoading ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button small secondary" onClick={onDone} disabled={isLoading}>
          Cancel
        </button>
      </div>
    </form>
  );
}
