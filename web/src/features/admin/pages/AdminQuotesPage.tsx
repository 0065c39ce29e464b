import { Link } from 'react-router-dom';
import { Plus } from 'lucide-react';
import { QUOTE_STATUS_LABELS, QUOTE_STATUSES, type QuoteStatus } from '@harbor/domain';
import { QuotesTable } from '../../../components/quotes/QuotesTable';
import { paths } from '../../../config';
import { AdminFrame } from '../components/AdminFrame';
import { AdminListBody } from '../components/AdminListBody';
import { FilterSelect, ListToolbar } from '../components/ListToolbar';
import { ADMIN_QUOTES_LIMIT, quoteMatches, useGetAdminQuotesQuery } from '../quotesApi';
import { useAssignedTo } from '../useAssignedTo';
import { useListParams } from '../useListParams';

function isStatus(value: string | null): value is QuoteStatus {
  return QUOTE_STATUSES.includes(value as QuoteStatus);
}

/** Quotes, the last changed first: filter by status, search by number or company; each opens its editor. */
export default function AdminQuotesPage() {
  const { params, setFilter } = useListParams();
  const statusParam = params.get('status');
  const status: QuoteStatus | '' = isStatus(statusParam) ? statusParam : '';
  const search = params.get('q') ?? '';
  const assignedTo = useAssignedTo('companies.read');
  const quotes = useGetAdminQuotesQuery({ status, assignedTo });
  const rows = (quotes.data ?? []).filter((quote) => quoteMatches(quote, search));
  const { isFetching } = quotes;

  return (
    <AdminFrame
      title="Quotes"
      actions={
        <Link to={paths.adminNewQuote()} className="button">
          <Plus size={16} aria-hidden="true" /> New quote
        </Link>
      }
    >
      <ListToolbar
        formLabel="Quote search"
        inputLabel="Search quotes"
        placeholder="Quote number or company"
        search={search}
        onSearch={(text) => setFilter('q', text)}
        searchNote={`Quotes whose number or company contains “${search}”, among the latest ${ADMIN_QUOTES_LIMIT}.`}
      >
        <FilterSelect id="quote-status" label="Status" value={status} onChange={(value) => setFilter('status', value)}>
          <option value="">All statuses</option>
          {QUOTE_STATUSES.map((each) => (
            <option key={each} value={each}>
              {QUOTE_STATUS_LABELS[each]}
            </option>
          ))}
        </FilterSelect>
      </ListToolbar>

      <AdminListBody
        query={{ ...quotes, data: quotes.data ? { rows } : undefined }}
        noun="quotes"
        empty={() => (
          <p>
            No {status ? `${QUOTE_STATUS_LABELS[status].toLowerCase()} ` : ''}quotes{search ? ` match “${search}”` : ' yet'}.
          </p>
        )}
      >
        {(data) => (
          <div className={`card table-card ${isFetching ? 'is-fetching' : ''}`} aria-busy={isFetching}>
            <div className="table-scroll">
              <QuotesTable quotes={data.rows} caption="Quotes, the last changed first" href={(quote) => paths.adminQuote(quote.id)} showCompany className="admin-table" />
            </div>
          </div>
        )}
      </AdminListBody>
    </AdminFrame>
  );
}
