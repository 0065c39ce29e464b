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

/** The owner's accounts-payable address for the company: invoices are billed to it, and it gets the company's money e-mail with the owners (companyMailRecipients); empty for none. */
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
    if (result.error) return toast.error(result.error.message ?? 'The billing e-mail address could not be saved. Please try again.');
    reset({ billingEmail: result.data.billingEmail });
    toast.success(result.data.billingEmail ? `Invoices are now billed to ${result.data.billingEmail}, and it receives them with credit notes, receipts and reminders.` : 'The billing e-mail address is removed: invoices are billed to the owner.');
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
        hint="Invoices are billed to this address. It receives invoices, credit notes, payment receipts, overdue reminders and statements, as the owners do. Leave it empty to bill the owner."
      />
      <button type="submit" className="button small" disabled={saving}>
        {saving ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}
