import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { quoteAddress, taxRateFor, type Company, type ContractPricing } from '@harbor/domain';
import { failureMessage, LoadError } from '../../../components/LoadError';
import { Spinner } from '../../../components/Spinner';
import { paths } from '../../../config';
import { FIRST_PAGE } from '../../../lib/pagination';
import { toast } from '../../../lib/toast';
import { AdminFrame } from '../components/AdminFrame';
import { QuoteEditor } from '../components/QuoteEditor';
import { useGetCustomerQuery, useGetCustomersQuery } from '../customersApi';
import { useCreateQuoteMutation } from '../quotesApi';
import { useAssignedTo } from '../useAssignedTo';

/** Finds an approved company by the start of its name (a sales rep's own companies only). */
function CompanyPicker({ onPick }: { onPick: (companyId: string) => void }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const assignedTo = useAssignedTo('companies.read');
  const companies = useGetCustomersQuery({ status: 'approved', search, position: FIRST_PAGE, assignedTo });

  return (
    <section className="card admin-quote-company" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Company</h2>
      <form
        role="search"
        aria-label="Find a company"
        className="toolbar-search"
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          setSearch(String(new FormData(event.currentTarget).get('company') ?? '').trim());
        }}
      >
        <label htmlFor={`${id}-search`} className="visually-hidden">
          Company name
        </label>
        <input id={`${id}-search`} name="company" type="search" placeholder="Company name" />
        <button type="submit" className="button small">
          Find
        </button>
      </form>
      {companies.isLoading && <Spinner label="Loading companies…" />}
      {companies.isError && <LoadError error={companies.error} fallback="The companies could not be loaded." onRetry={companies.refetch} />}
      {companies.data && companies.data.rows.length === 0 && <p className="muted">No approved company{search ? ` starts with “${search}”` : ''}.</p>}
      {companies.data && companies.data.rows.length > 0 && (
        <ul className="admin-quote-companies">
          {companies.data.rows.map((company) => (
            <li key={company.id}>
              <button type="button" className="link-button" onClick={() => onPick(company.id)}>
                {company.name || company.id}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NewQuoteEditor({ company, contract }: { company: Company; contract: ContractPricing | null }) {
  const navigate = useNavigate();
  const [createQuote, { isLoading }] = useCreateQuoteMutation();
  const [failure, setFailure] = useState<string | null>(null);
  // Priced for the company's default address, as the server prices it.
  const address = quoteAddress(company);
  return (
    <>
      {failure && (
        <p className="notice error" role="alert">
          {failure}
        </p>
      )}
      <QuoteEditor
        quote={null}
        taxRateBasisPoints={taxRateFor(address.region, company.taxExempt)}
        contract={contract}
        submitLabel="Send quote"
        busy={isLoading}
        onSubmit={(answer) =>
          void createQuote({ companyId: company.id, ...answer }).then((result) => {
            if (result.error) return setFailure(failureMessage(result.error, 'The quote could not be created. Please try again.'));
            toast.success(`Quote ${result.data.number} sent to ${company.name}.`);
            navigate(paths.adminQuote(result.data.quoteId), { replace: true });
          })
        }
      />
    </>
  );
}

/** A quote the shop starts for a company: it is quoted at once and e-mailed to the company's owner. */
export default function AdminNewQuotePage() {
  const [params, setParams] = useSearchParams();
  const companyId = params.get('company') ?? '';
  const customer = useGetCustomerQuery(companyId || skipToken);
  const company = customer.data?.company ?? null;

  let content;
  if (!companyId) content = <CompanyPicker onPick={(picked) => setParams({ company: picked })} />;
  else if (customer.isLoading) content = <Spinner label="Loading the company…" />;
  else if (customer.isError) content = <LoadError error={customer.error} fallback="The company could not be loaded." onRetry={customer.refetch} />;
  else if (!company) content = <p className="notice error">There is no company {companyId} that you may quote for.</p>;
  else {
    content = (
      <>
        <p>
          For <strong>{company.name}</strong>.{' '}
          <button type="button" className="link-button" onClick={() => setParams({})}>
            Choose another company
          </button>
        </p>
        {company.status === 'approved' ? <NewQuoteEditor company={company} contract={customer.data?.contract ?? null} /> : <p className="notice error">Only an approved company can be quoted.</p>}
      </>
    );
  }

  return (
    <AdminFrame title="New quote">
      <p className="small">
        <Link to={paths.adminQuotes}>All quotes</Link>
      </p>
      {content}
    </AdminFrame>
  );
}
