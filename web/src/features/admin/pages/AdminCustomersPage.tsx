import { Link } from 'react-router-dom';
import { availableCredit, COMPANY_STATUS_LABELS, COMPANY_STATUSES, formatMoney, PAYMENT_TERMS_LABELS, type CompanyStatus } from '@harbor/domain';
import { paths } from '../../../config';
import { readPagePosition } from '../../../lib/pagination';
import { AdminFrame } from '../components/AdminFrame';
import { AdminListBody } from '../components/AdminListBody';
import { CompanyStatusBadge } from '../components/CompanyStatusBadge';
import { FilterSelect, ListToolbar } from '../components/ListToolbar';
import { Pager } from '../components/Pager';
import { useGetCustomersQuery } from '../customersApi';
import { useAssignedTo } from '../useAssignedTo';
import { useListParams } from '../useListParams';

function isStatus(value: string | null): value is CompanyStatus {
  return COMPANY_STATUSES.includes(value as CompanyStatus);
}

/** Business customers: search by name, filter by status, a page at a time; each opens its account. */
export default function AdminCustomersPage() {
  const { params, setFilter, goToPage } = useListParams();
  const statusParam = params.get('status');
  const status: CompanyStatus | '' = isStatus(statusParam) ? statusParam : '';
  const search = params.get('q') ?? '';
  const position = readPagePosition(params, 'text');
  const assignedTo = useAssignedTo('companies.read');
  const customers = useGetCustomersQuery({ status, search, position, assignedTo });
  const { isFetching } = customers;

  return (
    <AdminFrame title="Customers">
      <ListToolbar
        formLabel="Customer search"
        inputLabel="Search customers"
        placeholder="Company name"
        search={search}
        onSearch={(text) => setFilter('q', text)}
        searchNote={`Companies whose name starts with “${search}”.`}
      >
        <FilterSelect id="customer-status" label="Status" value={status} onChange={(value) => setFilter('status', value)}>
          <option value="">All statuses</option>
          {COMPANY_STATUSES.map((each) => (
            <option key={each} value={each}>
              {COMPANY_STATUS_LABELS[each]}
            </option>
          ))}
        </FilterSelect>
      </ListToolbar>

      <AdminListBody
        query={customers}
        noun="customers"
        empty={() => (
          <p>
            No {status ? `${COMPANY_STATUS_LABELS[status].toLowerCase()} ` : ''}customers{search ? ` match “${search}”` : ' yet'}.
          </p>
        )}
      >
        {(data) => (
          <div className={`card table-card ${isFetching ? 'is-fetching' : ''}`} aria-busy={isFetching}>
            <div className="table-scroll">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Company</th>
                    <th scope="col">Status</th>
                    <th scope="col">Terms</th>
                    <th scope="col" className="numeric">
                      Open balance
                    </th>
                    <th scope="col" className="numeric">
                      Available credit
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.rows.map((company) => (
                    <tr key={company.id}>
                      <td>
                        <Link to={paths.adminCustomer(company.id)}>{company.name || company.id}</Link>
                      </td>
                      <td>
                        <CompanyStatusBadge status={company.status} />
                      </td>
                      <td>{PAYMENT_TERMS_LABELS[company.paymentTerms]}</td>
                      <td className="numeric">{formatMoney(company.openBalance)}</td>
                      <td className="numeric">{formatMoney(availableCredit(company))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager position={position} page={data} busy={isFetching} onGo={goToPage} />
          </div>
        )}
      </AdminListBody>
    </AdminFrame>
  );
}
