import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { saveAccountingSettingsInputSchema, type AccountingSettings, type SaveAccountingSettingsInput } from '@harbor/domain';
import { FieldShell } from '../../../../components/FieldShell';
import { FormField } from '../../../../components/FormField';
import { LoadError } from '../../../../components/LoadError';
import { Spinner } from '../../../../components/Spinner';
import { toast } from '../../../../lib/toast';
import { useGetAccountingSettingsQuery, useSaveAccountingSettingsMutation } from '../../integrationsApi';

function SettingsFields({ settings }: { settings: AccountingSettings }) {
  const [saveSettings] = useSaveAccountingSettingsMutation();
  const [serverError, setServerError] = useState('');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<SaveAccountingSettingsInput>({ resolver: zodResolver(saveAccountingSettingsInputSchema), defaultValues: settings });
  const save = handleSubmit(async (input) => {
    setServerError('');
    const result = await saveSettings(input);
    if (result.error) return setServerError(result.error.message ?? 'The accounting settings could not be saved. Please try again.');
    reset(input);
    toast.success('Accounting export settings saved.');
  });
  return (
    <form onSubmit={save} noValidate className="form-grid">
      <FormField label="Sales item" hint="QuickBooks' Product/Service, Xero's item code the goods and shipping are booked to." autoComplete="off" registration={register('salesItem')} error={errors.salesItem} />
      <FormField label="Income account" hint="Xero's account code (QuickBooks takes it from the item)." autoComplete="off" registration={register('incomeAccount')} error={errors.incomeAccount} />
      <FormField label="Tax code on taxed lines" hint="QuickBooks' tax code or Xero's tax rate name, as it is spelled there." autoComplete="off" registration={register('taxCode')} error={errors.taxCode} />
      <FormField label="Tax code on untaxed lines" hint="For shipping, allowances and tax-exempt customers." autoComplete="off" registration={register('exemptTaxCode')} error={errors.exemptTaxCode} />
      <FormField label="Deposit account" hint="Where QuickBooks records payments received (Xero: the bank account you import them into)." autoComplete="off" registration={register('depositAccount')} error={errors.depositAccount} />
      <FieldShell label="Customers are named by" error={errors.customerName}>
        {(control) => (
          <select {...control} {...register('customerName')}>
            <option value="name">Company name</option>
            <option value="id">Company id</option>
          </select>
        )}
      </FieldShell>
      {serverError && (
        <p className="form-error span-2" role="alert">
          {serverError}
        </p>
      )}
      <div className="span-2 accounting-settings-buttons">
        <button type="submit" className="button" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? 'Saving…' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}

/** How the accounting export names Harbor's records in QuickBooks Online or Xero. */
export function AccountingSettingsForm() {
  const { data: settings, error, isLoading, refetch } = useGetAccountingSettingsQuery();
  return (
    <section className="card integrations-card" aria-labelledby="accounting-heading">
      <div className="card-heading">
        <div>
          <h2 id="accounting-heading">Accounting export</h2>
          <p className="muted small">Finance downloads invoices, credit notes and payments for QuickBooks Online or Xero on the Receivables page, with these names.</p>
        </div>
      </div>
      {isLoading ? <Spinner label="Loading the settings…" /> : !settings ? <LoadError error={error} fallback="The accounting settings could not be loaded." onRetry={refetch} /> : <SettingsFields settings={settings} />}
    </section>
  );
}
