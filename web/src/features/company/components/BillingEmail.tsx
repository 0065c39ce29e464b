import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { updateBillingEmailInputSchema, type Company } from '@harbor/domain';
import { FormField } from '../../../components/FormField';
import { toast } from '../../../lib/toast';
import '../company.css';
import { useUpdateBillingEmailMutation } from '../api';

const billingEmailFormSchema = updateBillingEmailInputSchema.pick({ billingEmail: true });
interface BillingEmailForm {
  billingEmail: string;
}

/** The owner's accounts-payable address for the company: where invoices and statements go besides the owners; empty for none. */
export function BillingEmail({ company }: { company: Company }) {
  const [updateBillingEmail, { isLoading: saving }] = useUpdateBillingEmailMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<BillingEmailForm>({ resolver: zodResolver(billingEmailFormSchema), defaultValues: { billingEmail: company.billingEmail } });

  const save = handleSubmit(async ({ billingEmail }) => {
    const result = await updateBillingEmail({ companyId: company.id, billingEmail });
    if (result.error) return toast.error(result.error.message ?? 'The billing e-mail address could not be saved.');
    reset({ billingEmail: result.data.billingEmail });
    toast.success(result.data.billingEmail ? `Invoices and statements also go to ${result.data.billingEmail}.` : 'The billing e-mail address is removed.');
  });

  return (
    <form className="billing-email-form" onSubmit={save} noValidate aria-label="Billing e-mail">
      <h3>Billing e-mail</h3>
      <FormField
        label="Accounts-payable e-mail address"
        type="email"
        autoComplete="email"
        registration={register('billingEmail')}
        error={errors.billingEmail}
        hint="Invoices, statements, payment receipts and reminders also go here. Leave it empty for none."
      />
      <button type="submit" className="button small" disabled={saving}>
        {saving ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}
