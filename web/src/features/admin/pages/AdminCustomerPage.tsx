import { adminOrderHref } from '../components/OrdersTable';
import { CustomerReceivables } from '../components/CustomerReceivables';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  auditChangesText,
  availableCredit,
  memberTermsText,
  orderPaymentText,
  COMPANY_STATUS_LABELS,
  formatMoney,
  parseMoney,
  PAYMENT_METHOD_LABELS,
  PAYMENT_TERMS,
  PAYMENT_TERMS_LABELS,
  usesCredit,
  type Company,
  type CompanyStatus,
  type ContractPricing,
  type Order,
  type PaymentTerms,
} from '@harbor/domain';
import { LoadError } from '../../../components/LoadError';
import { OrderStatusBadge } from '../../../components/order/OrderStatusBadge';
import { Spinner } from '../../../components/Spinner';
import { paths } from '../../../config';
import { formatDateTime, formatDay } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { AdminFrame } from '../components/AdminFrame';
import { CompanyStatusBadge } from '../components/CompanyStatusBadge';
import { useGetCustomerQuery, useUpdateCompanyMutation, type CustomerDetail } from '../customersApi';
import { useGetStaffQuery, useStaffNames } from '../staffApi';
import { TimeZoneField } from '../components/TimeZoneField';
import { TargetHistory } from '../components/TargetHistory';
import { useAuth } from '../../../lib/session';

const STATUS_ACTIONS: Array<{ status: CompanyStatus; label: string }> = [
  { status: 'approved', label: 'Approve' },
  { status: 'on-hold', label: 'Put on hold' },
  { status: 'rejected', label: 'Reject' },
];

/** "bev-1001 17.50" lines to product id -> cents; null with the first line that does not read. */
function parseFixedPrices(text: string): { prices: Record<string, number> } | { error: string } {
  const prices: Record<string, number> = {};
  for (const line of text.split('\n').map((each) => each.trim()).filter(Boolean)) {
    const [productId = '', amount = ''] = line.split(/\s+/);
    const cents = parseMoney(amount);
    if (!productId || cents === null) return { error: `“${line}” is not a product id and a price.` };
    prices[productId] = cents;
  }
  return { prices };
}

const fixedPricesText = (contract: ContractPricing | null) =>
  Object.entries(contract?.fixedPrices ?? {})
    .map(([productId, cents]) => `${productId} ${(cents / 100).toFixed(2)}`)
    .join('\n');

/** The customer's terms, prices, note and sales rep, each shown to the roles that may change it (COMPANY_FIELD_PERMISSIONS). */
function TermsForm({ company, contract, note: savedNote }: { company: Company; contract: ContractPricing | null; note: string }) {
  const formId = useId();
  const { may } = useAuth();
  const credit = may('companies.credit');
  const pricing = may('companies.pricing');
  const assigns = may('companies.assign');
  const staff = useGetStaffQuery(undefined, { skip: !assigns });
  const [salesRepUid, setSalesRepUid] = useState(company.salesRepUid);
  const [updateCompany, { isLoading: saving }] = useUpdateCompanyMutation();
  const [paymentTerms, setPaymentTerms] = useState<PaymentTerms>(company.paymentTerms);
  const [creditLimit, setCreditLimit] = useState((company.creditLimit / 100).toFixed(2));
  const [taxExempt, setTaxExempt] = useState(company.taxExempt);
  const [shipComplete, setShipComplete] = useState(company.shipComplete);
  const [taxCertificateId, setTaxCertificateId] = useState(company.taxCertificateId);
  const [timeZone, setTimeZone] = useState(company.timeZone);
  const [discount, setDiscount] = useState(String((contract?.discountBasisPoints ?? 0) / 100));
  const [fixedPrices, setFixedPrices] = useState(fixedPricesText(contract));
  const [note, setNote] = useState(savedNote);

  async function save(event: FormEvent) {
    event.preventDefault();
    const limit = parseMoney(creditLimit);
    if (credit && limit === null) return toast.error('Enter the credit limit as an amount, e.g. 25000.00.');
    const discountPercent = Number(discount);
    if (pricing && !(discountPercent >= 0 && discountPercent <= 100)) return toast.error('Enter a discount between 0 and 100 percent.');
    const fixed = parseFixedPrices(fixedPrices);
    if (pricing && 'error' in fixed) return toast.error(fixed.error);
    const result = await updateCompany({
      companyId: company.id,
      note,
      ...(credit ? { paymentTerms, creditLimit: limit ?? 0, taxExempt, shipComplete, taxCertificateId, timeZone } : {}),
      ...(pricing && 'prices' in fixed ? { discountBasisPoints: Math.round(discountPercent * 100), fixedPrices: fixed.prices } : {}),
      ...(assigns && salesRepUid !== company.salesRepUid ? { salesRepUid } : {}),
    });
    if (result.error) toast.error(result.error.message ?? 'The customer could not be saved. Please try again.');
    else toast.success(`${company.name} saved.`);
  }

  return (
    <form className="card form-grid" onSubmit={save} aria-label={credit || pricing ? 'Terms and prices' : 'Internal note'}>
      <h2 className="span-2">{credit || pricing ? 'Terms and prices' : 'Internal note'}</h2>
      {credit && (
        <>
          <div className="field">
            <label htmlFor={`${formId}-terms`}>Payment terms</label>
            <select id={`${formId}-terms`} value={paymentTerms} onChange={(event) => setPaymentTerms(event.target.value as PaymentTerms)}>
              {PAYMENT_TERMS.map((terms) => (
                <option key={terms} value={terms}>
                  {PAYMENT_TERMS_LABELS[terms]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${formId}-limit`}>Credit limit ($)</label>
            <input id={`${formId}-limit`} inputMode="decimal" value={creditLimit} onChange={(event) => setCreditLimit(event.target.value)} />
          </div>
          <label className="checkbox-field">
            <input type="checkbox" checked={taxExempt} onChange={(event) => setTaxExempt(event.target.checked)} />
            <span>
              <strong>Tax exempt</strong>
              <small className="hint">No sales tax on its orders; give its certificate id.</small>
            </span>
          </label>
          <div className="field">
            <label htmlFor={`${formId}-certificate`}>Exemption certificate id</label>
            <input id={`${formId}-certificate`} value={taxCertificateId} onChange={(event) => setTaxCertificateId(event.target.value)} />
          </div>
          <TimeZoneField label="Time zone of its buyers’ monthly limits" value={timeZone} onChange={setTimeZone} />
          <label className="checkbox-field in-grid">
            <input type="checkbox" role="switch" checked={shipComplete} onChange={(event) => setShipComplete(event.target.checked)} />
            <span>
              <strong>Ship complete</strong>
              <small className="hint">Its orders never ship in part: what is on the shelf waits until backordered units arrive, then everything ships together.</small>
            </span>
          </label>
        </>
      )}
      {pricing && (
        <>
          <div className="field">
            <label htmlFor={`${formId}-discount`}>Contract discount (%)</label>
            <input id={`${formId}-discount`} inputMode="decimal" value={discount} onChange={(event) => setDiscount(event.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${formId}-fixed`}>Fixed prices (product id and price, one a line)</label>
            <textarea id={`${formId}-fixed`} rows={3} value={fixedPrices} onChange={(event) => setFixedPrices(event.target.value)} placeholder="bev-1001 17.50" aria-describedby={`${formId}-fixed-help`} />
            <p id={`${formId}-fixed-help`} className="small muted">
              A product taken off this list goes back to the list price less the discount.
            </p>
          </div>
        </>
      )}
      {assigns && (
        <div className="field span-2">
          <label htmlFor={`${formId}-rep`}>Sales rep</label>
          <select id={`${formId}-rep`} value={salesRepUid} onChange={(event) => setSalesRepUid(event.target.value)}>
            <option value="">None</option>
            {(staff.data ?? [])
              .filter((member) => member.role === 'sales' || member.uid === salesRepUid)
              .map((member) => (
                <option key={member.uid} value={member.uid}>
                  {member.name || member.email}
                </option>
              ))}
          </select>
        </div>
      )}
      <div className="field span-2">
        <label htmlFor={`${formId}-note`}>Internal note</label>
        <textarea id={`${formId}-note`} rows={2} value={note} onChange={(event) => setNote(event.target.value)} aria-describedby={`${formId}-note-help`} />
        <p id={`${formId}-note-help`} className="small muted">
          Read by administrators, finance and the customer&rsquo;s sales rep only, never by the customer.
        </p>
      </div>
      <button type="submit" className="button span-2" disabled={saving}>
        {saving ? 'Saving…' : credit || pricing ? 'Save terms' : 'Save note'}
      </button>
    </form>
  );
}

/** A titled card of the account page; `emptyNote` instead of its content when there is nothing to show. */
function DetailSection({ title, className = '', emptyNote, children }: { title: string; className?: string; emptyNote: string | null; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={`card ${className}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {emptyNote ? <p className="muted">{emptyNote}</p> : children}
    </section>
  );
}

/** How an order's payment stands: paid, or what is open of its invoice and when it is due (or how it is paid); nothing for an order that owes nothing. */
function OrderPayment({ order, now }: { order: Order; now: number }) {
  const payment = orderPaymentText(order, now);
  if (!payment) return '—';
  if (order.paymentStatus === 'paid') return payment.text;
  return (
    <span className={payment.overdue ? 'overdue' : undefined}>
      {payment.text}
      {order.dueDate !== null && usesCredit(order.paymentMethod) ? `, due ${formatDay(order.dueDate)}` : ` (${PAYMENT_METHOD_LABELS[order.paymentMethod]})`}
    </span>
  );
}

function CustomerAccount({ detail }: { detail: CustomerDetail }) {
  const { company, contract, note, members, orders, history } = detail;
  const { may } = useAuth();
  const [updateCompany, { isLoading: changing }] = useUpdateCompanyMutation();
  // Overdue as of when the page opened.
  const [now] = useState(() => Date.now());
  const nameOf = useStaffNames(!may('staff.manage'));

  async function changeStatus(status: CompanyStatus) {
    const result = await updateCompany({ companyId: company.id, status });
    if (result.error) toast.error(result.error.message ?? 'The status could not be changed. Please try again.');
    else toast.success(`${company.name} is now ${COMPANY_STATUS_LABELS[status].toLowerCase()}.`);
  }

  return (
    <div className="customer-account">
      <section className="card" aria-label="Status and credit">
        <p>
          <CompanyStatusBadge status={company.status} />
        </p>
        <div className="customer-actions">
          {STATUS_ACTIONS.filter(({ status }) => may('companies.decide') && status !== company.status).map(({ status, label }) => (
            <button key={status} type="button" className={`button small ${status === 'approved' ? '' : 'secondary'}`} disabled={changing} onClick={() => changeStatus(status)}>
              {label}
            </button>
          ))}
        </div>
        <dl className="customer-figures">
          <dt>Open balance</dt>
          <dd>{formatMoney(company.openBalance)}</dd>
          <dt>Credit limit</dt>
          <dd>{formatMoney(company.creditLimit)}</dd>
          <dt>Available credit</dt>
          <dd>{formatMoney(availableCredit(company))}</dd>
          <dt>Terms</dt>
          <dd>{PAYMENT_TERMS_LABELS[company.paymentTerms]}</dd>
          <dt>Tax id</dt>
          <dd>{company.taxId || '—'}</dd>
          <dt>Phone</dt>
          <dd>{company.phone || '—'}</dd>
        </dl>
      </section>

      <CustomerReceivables company={company} />

      <TermsForm key={`${company.id}-${company.paymentTerms}-${company.creditLimit}-${company.salesRepUid}`} company={company} contract={contract} note={note} />

      <section className="card" aria-labelledby="members-heading">
        <h2 id="members-heading">Members</h2>
        <ul className="plain-list">
          {members.map((member) => (
            <li key={member.uid}>
              {member.name || member.email || member.uid}{' '}
              <span className="muted">
                ({memberTermsText(member.role, member.limits)}
                {member.email ? `, ${member.email}` : ''})
              </span>
            </li>
          ))}
        </ul>
      </section>

      <DetailSection title="Orders" className="table-card" emptyNote={orders.length === 0 ? 'No orders yet.' : null}>
        <div className="table-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed by</th>
                <th scope="col" className="numeric">
                  Total
                </th>
                <th scope="col">Status</th>
                <th scope="col">Payment</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <td>
                    <Link className="mono" to={adminOrderHref(order.id)}>
                      {order.id}
                    </Link>
                    <span className="sku">{formatDateTime(order.createdAt)}</span>
                  </td>
                  <td>{order.placedByName || order.userEmail}</td>
                  <td className="numeric">{formatMoney(order.total, order.currency)}</td>
                  <td>
                    <OrderStatusBadge status={order.status} />
                  </td>
                  <td>
                    <OrderPayment order={order} now={now} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </DetailSection>

      <TargetHistory target={`companies/${company.id}`} />

      <DetailSection title="History" emptyNote={history.length === 0 ? 'No changes yet.' : null}>
        <ul className="plain-list">
          {history.map((entry) => (
            <li key={entry.id}>
              {formatDateTime(entry.at)}: {auditChangesText({ target: `companies/${company.id}`, changes: [entry] }, nameOf)}{' '}
              <span className="muted">by {members.find((member) => member.uid === entry.by)?.name ?? nameOf(entry.by) ?? entry.by}</span>
            </li>
          ))}
        </ul>
      </DetailSection>
    </div>
  );
}

/** One business customer: status actions, figures, terms and prices, members, orders and the history of changes. */
export default function AdminCustomerPage() {
  const { companyId = '' } = useParams();
  const { data, error, isLoading, refetch } = useGetCustomerQuery(companyId);
  const { may } = useAuth();
  return (
    <AdminFrame
      title={data?.company.name ?? 'Customer'}
      actions={
        <>
          {data?.company.status === 'approved' && may('quotes.respond') && (
            <Link to={paths.adminNewQuote(data.company.id)} className="button secondary">
              New quote
            </Link>
          )}
          <Link to={paths.adminCustomers}>All customers</Link>
        </>
      }
    >
      {isLoading ? (
        <Spinner label="Loading the customer…" />
      ) : data === null ? (
        <div className="card admin-empty">
          <p>There is no customer {companyId}.</p>
        </div>
      ) : !data ? (
        <LoadError error={error} fallback="The customer could not be loaded." onRetry={refetch} />
      ) : (
        <CustomerAccount detail={data} />
      )}
    </AdminFrame>
  );
}
