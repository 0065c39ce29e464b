import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Lock } from 'lucide-react';
import {
  availableCredit,
  BRAND,
  checkoutFormSchema,
  companyOrderingProblem,
  formatMoney,
  paymentMethodsFor,
  quoteAddress,
  quoteExpired,
  quoteTotals,
  type AcceptQuoteInput,
  type AcceptQuoteResult,
  type Company,
  type OrderItem,
  type Profile,
  type Quote,
} from '@harbor/domain';
import type { z } from 'zod';
import { AddressFields } from '../../../components/AddressFields';
import { ApprovalNotice } from '../../../components/checkout/ApprovalNotice';
import { CompanyAddressSelect } from '../../../components/checkout/CompanyAddressSelect';
import { OrderDetailsFields } from '../../../components/checkout/OrderDetailsFields';
import { PaymentMethodFields } from '../../../components/checkout/PaymentMethodFields';
import { failureMessage, LoadError } from '../../../components/LoadError';
import { OrderLineItems } from '../../../components/order/OrderLineItems';
import { OrderTotalsList } from '../../../components/order/OrderTotalsList';
import { PageTitle } from '../../../components/PageTitle';
import { Spinner } from '../../../components/Spinner';
import { paths } from '../../../config';
import { useBuyerAccount, useBuyerTerms } from '../../../lib/company';
import { useApprovalNeed } from '../../../lib/company/approvalNeed';
import { formatUtcDay } from '../../../lib/dates';
import { useGetQuoteQuery } from '../../../lib/quotes/quotesApi';
import { useAuth } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useAcceptQuoteMutation } from '../api';
import { QuoteNotFound } from '../components/QuoteNotFound';
import { requesterCart, takenFromCartSentence } from '../takenFromCart';
import '../../../components/checkout/checkout.css';
import '../quotes.css';

/** Checkout's fields that an accepted quote takes: where it ships, the PO number, notes and how it is paid. */
const acceptFormSchema = checkoutFormSchema.pick({ shippingAddress: true, poNumber: true, notes: true, paymentMethod: true });
type AcceptFormInput = z.input<typeof acceptFormSchema>;
type AcceptFormValues = z.output<typeof acceptFormSchema>;

/** The quote's lines as the order will hold them, at the quoted unit prices. */
function orderItemsOf(quote: Quote): OrderItem[] {
  return quote.lines.map((line) => ({ ...line, unitPrice: line.unitPrice ?? 0, lineTotal: (line.unitPrice ?? 0) * line.quantity }));
}

interface AcceptFormProps {
  quote: Quote;
  company: Company;
  profile: Profile;
  uid: string;
  onPlaced: (result: AcceptQuoteResult) => void;
}

function AcceptForm({ quote, company, profile, uid, onPlaced }: AcceptFormProps) {
  const formId = useId();
  const methods = paymentMethodsFor(company.paymentTerms);
  const pricedTo = quoteAddress(company);
  // One id per acceptance: a retry after a lost answer finds the order the first attempt made.
  const [requestId] = useState(() => crypto.randomUUID());
  const [failure, setFailure] = useState<string | null>(null);
  const [acceptQuote] = useAcceptQuoteMutation();
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<AcceptFormInput, unknown, AcceptFormValues>({
    resolver: zodResolver(acceptFormSchema),
    // The address the quote was priced to (else the buyer's own), and the company's own invoice terms when it has them.
    defaultValues: { shippingAddress: pricedTo.line1 ? pricedTo : profile.shippingAddress, poNumber: '', notes: '', paymentMethod: methods[0] },
  });
  // Shipping and tax follow the ship-to state as it is typed, by the rules acceptQuote applies.
  const terms = useBuyerTerms(useWatch({ control, name: 'shippingAddress.region' }) ?? '');
  const totals = useMemo(() => quoteTotals(quote.lines, terms.taxRateBasisPoints), [quote.lines, terms.taxRateBasisPoints]);
  const items = useMemo(() => orderItemsOf(quote), [quote]);
  // Said before the buyer accepts, as checkout says it: the order will wait for approval, and why.
  const approval = useApprovalNeed(company, uid, totals.total);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const input: AcceptQuoteInput = {
      ...values,
      quoteId: quote.id,
      version: quote.version,
      requestId,
      expected: { lines: quote.lines.map(({ productId, quantity, unitPrice }) => ({ productId, quantity, unitPrice: unitPrice ?? 0 })), total: totals.total },
    };
    const result = await acceptQuote(input);
    if (result.error) {
      const message = failureMessage(result.error, 'The quote could not be accepted. Please try again.');
      setFailure(message);
      toast.error(message);
      return;
    }
    onPlaced(result.data);
  });

  return (
    <div className="checkout-layout">
      <form id={formId} className="checkout-form" onSubmit={onSubmit} noValidate aria-label="Accept quote">
        <section className="card form-grid" aria-labelledby={`${formId}-shipping`}>
          <h2 id={`${formId}-shipping`} className="span-2">
            Shipping address
          </h2>
          <CompanyAddressSelect addresses={company.shippingAddresses} onChoose={(address) => setValue('shippingAddress', address, { shouldValidate: true, shouldDirty: true })} />
          <AddressFields register={(field) => register(`shippingAddress.${field}`)} errors={errors.shippingAddress} />
        </section>
        <OrderDetailsFields poNumber={register('poNumber')} notes={register('notes')} errors={errors} />
        <PaymentMethodFields registration={register('paymentMethod')} methods={methods} availableCredit={availableCredit(company)} />
      </form>
      <div className="checkout-aside">
        <aside className="card summary checkout-summary" aria-labelledby={`${formId}-summary`}>
          <h2 id={`${formId}-summary`}>What will be ordered</h2>
          <OrderLineItems items={items} />
          <OrderTotalsList totals={totals} taxRateBasisPoints={terms.taxRateBasisPoints} />
          <p className="muted small">Quoted prices, valid until {formatUtcDay(quote.validUntil ?? 0)}. Stock and your credit are checked when you accept.</p>
          {quote.fromCart && (
            <p className="small">
              This quote was asked for from {requesterCart(quote, uid)}: accepting it takes the quoted quantities out of that cart, so they are not ordered twice.
            </p>
          )}
          <ApprovalNotice approval={approval} />
          {failure && (
            <div className="notice error" role="alert">
              <p>{failure}</p>
              <p className="small">
                Nothing was ordered. <Link to={paths.quote(quote.id)}>Back to the quote</Link>
              </p>
            </div>
          )}
          <button type="submit" form={formId} className="button block place-order" disabled={isSubmitting || terms.loading} aria-busy={isSubmitting}>
            <Lock size={16} aria-hidden="true" />
            {isSubmitting ? 'Placing your order…' : `Accept and order${approval.need ? ' for approval' : ''} · ${formatMoney(totals.total)}`}
          </button>
        </aside>
      </div>
    </div>
  );
}

/** Accepting a quote: checkout's choices, and exactly the lines, quoted prices, shipping, tax and total that will be ordered. */
export default function AcceptQuotePage() {
  const { quoteId = '' } = useParams();
  const navigate = useNavigate();
  const quote = useGetQuoteQuery(quoteId);
  const account = useBuyerAccount();
  const { profile, user } = useAuth();
  // The quote is read again once accepted: its page must not flash "cannot be accepted" before the order opens.
  const [placed, setPlaced] = useState(false);
  const [openedAt] = useState(() => Date.now());

  function handlePlaced(accepted: Quote, { orderId, status, takenFromCart }: AcceptQuoteResult) {
    setPlaced(true);
    navigate(paths.orderConfirmation(orderId), { replace: true });
    const placed = status === 'awaiting-approval' ? `Order ${orderId} placed. It awaits the approval of your company.` : `Order ${orderId} placed. Thank you!`;
    toast.success([placed, takenFromCartSentence(takenFromCart, requesterCart(accepted, user?.uid))].filter(Boolean).join(' '));
  }

  if (quote.isLoading || account.loading || !profile || !user || placed) return <Spinner label="Loading the quote…" />;
  if (quote.data === null) return <QuoteNotFound />;
  if (!quote.data) {
    return (
      <section className="page narrow">
        <LoadError error={quote.error} fallback="The quote could not be loaded." onRetry={quote.refetch} />
      </section>
    );
  }
  const current = quote.data;
  const problem =
    current.status !== 'quoted'
      ? 'This quote cannot be accepted any more.'
      : quoteExpired(current.validUntil, openedAt)
        ? 'This quote has run out.'
        : (companyOrderingProblem(account.company?.status ?? null) ?? null);
  return (
    <section className="page checkout accept-quote">
      <PageTitle>{`Accept quote ${current.number} | ${BRAND.name}`}</PageTitle>
      <div className="page-heading">
        <h1>Accept quote {current.number}</h1>
        <Link to={paths.quote(current.id)}>Back to the quote</Link>
      </div>
      {problem || !account.company ? (
        <div className="card quotes-empty" role="status">
          <h2>{problem ?? 'Quotes are for business accounts'}</h2>
          <Link to={paths.quote(current.id)} className="button">
            Back to the quote
          </Link>
        </div>
      ) : (
        <AcceptForm quote={current} company={account.company} profile={profile} uid={user.uid} onPlaced={(result) => handlePlaced(current, result)} />
      )}
    </section>
  );
}
