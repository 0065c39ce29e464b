import { RETURN_STATUS_LABELS, RETURN_STATUSES } from '@harbor/domain';
import { readPagePosition } from '../../../lib/pagination';
import { NEWEST_RETURNS_FIRST } from '../../../lib/sorts';
import { AdminFrame } from '../components/AdminFrame';
import { AdminListBody } from '../components/AdminListBody';
import { AdminReturnsTable } from '../components/AdminReturnsTable';
import { FilterSelect, ListToolbar } from '../components/ListToolbar';
import { Pager } from '../components/Pager';
import { readReturnStatusFilter, returnSearchTerm, type ReturnStatusFilter } from '../returnQueries';
import { useGetAdminReturnsQuery } from '../returnsApi';
import { useAssignedTo } from '../useAssignedTo';
import { useListParams } from '../useListParams';

/** "open returns", "credited returns", "returns": what the list holds, for its empty note. */
function listed(status: ReturnStatusFilter): string {
  if (status === 'all') return 'returns';
  return `${status === 'open' ? 'open' : RETURN_STATUS_LABELS[status].toLowerCase()} returns`;
}

/**
 * Returns (every one, or a sales rep's companies'), newest first: the open ones unless another
 * status is chosen, found by RMA or order number; each opens its own page.
 */
export default function AdminReturnsPage() {
  const { params, setFilter, goToPage } = useListParams();
  const status = readReturnStatusFilter(params.get('status'));
  const search = params.get('q') ?? '';
  const position = readPagePosition(params, NEWEST_RETURNS_FIRST.kind);
  // A sales rep lists the returns of the companies assigned to it, as it does their orders.
  const assignedTo = useAssignedTo('orders.read');
  const returns = useGetAdminReturnsQuery({ status, search, position, assignedTo });
  const { isFetching } = returns;
  const term = search ? returnSearchTerm(search) : null;

  return (
    <AdminFrame title="Returns">
      <ListToolbar
        formLabel="Return search"
        inputLabel="Search returns"
        placeholder="RMA or order number"
        search={search}
        onSearch={(text) => setFilter('q', text)}
        searchNote={term && `${term.field === 'number' ? `Return ${term.value}` : `Returns of order ${term.value}`}, among the ${listed(status)}.`}
      >
        {/* The open returns are the default, so their URL names no status. */}
        <FilterSelect id="return-status" label="Status" value={status} onChange={(value) => setFilter('status', value === 'open' ? '' : value)}>
          <option value="open">Open</option>
          {RETURN_STATUSES.map((each) => (
            <option key={each} value={each}>
              {RETURN_STATUS_LABELS[each]}
            </option>
          ))}
          <option value="all">All statuses</option>
        </FilterSelect>
      </ListToolbar>

      <AdminListBody
        query={returns}
        noun="returns"
        empty={() => (
          <>
            <p>
              No {listed(status)}
              {search ? ` match “${search}”` : assignedTo ? ' from your companies' : ''}.
            </p>
            {status !== 'all' && (
              <button type="button" className="button secondary small" onClick={() => setFilter('status', 'all')}>
                Show all statuses
              </button>
            )}
          </>
        )}
      >
        {(data) => (
          <div className={`card table-card ${isFetching ? 'is-fetching' : ''}`} aria-busy={isFetching}>
            <AdminReturnsTable returns={data.rows} />
            <Pager position={position} page={data} busy={isFetching} onGo={goToPage} />
          </div>
        )}
      </AdminListBody>
    </AdminFrame>
  );
}
