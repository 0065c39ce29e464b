import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import {
  availableCredit,
  checkoutFormSchema,
  companyOrderingProblem,
  NO_COMPANY_MESSAGE,
  expectedOrder,
  orderChangesIn,
  paymentMethodsFor,
  type CartItem,
  type CheckoutFormInput,
  type CheckoutFormValues,
  type Company,
  type OrderChange,
  type PlaceOrderResult,
  type Profile,
} from '@harbor/domain';
import { useAppDispatch } from '../../../lib/hooks';
import { AddressFields } from '../../../components/AddressFields';
import { FormField } from '../../../components/FormField';
import { OrderDetailsFields } from '../../../components/checkout/OrderDetailsFields';
import { CompanyAddressSelect } from '../../../components/checkout/CompanyAddressSelect';
import { PaymentMethodFields } from '../../../components/checkout/PaymentMethodFields';
import '../../../components/checkout/checkout.css';
import { Spinner } from '../../../components/Spinner';
import { paths } from '../../../config';
import { serverCartChanged, useCart } from '../../../lib/cart';
import { useAuth } from '../../../lib/session';
import { useBuyerAccount, useBuyerTerms } from '../../../lib/company';
import { useApprovalNeed } from '../../../lib/company/approvalNeed';
import { usePlaceOrderMutation } from '../api';
import { CheckoutSummary, useCheckoutPricing } from '../components/CheckoutSummary';
import { OrderChangesPanel } from '../components/OrderChangesPanel';
import { ShipCompleteField } from '../components/ShipCompleteField';
import '../checkout.css';

interface CheckoutFormProps {
  profile: Profile;
  company: Company;
  items: CartItem[];
  onPlaced: (result: PlaceOrderResult) => void;
}

function CheckoutForm({ profile, company, items, onPlaced }: CheckoutFormProps) {
  const methods = paymentMethodsFor(company.paymentTerms);
  // The order is placed from the cart saved on the server: wait until every change is there.
  const { saving } = useCart();
  const formId = useId();
  const [placeOrder] = usePlaceOrderMutation();
  // What changed since the buyer confirmed, when placeOrder refused for that reason.
  const [changes, setChanges] = useState<OrderChange[] | null>(null);
  // One id per checkout: a retry after a lost answer finds the order the first attempt made.
  const [requestId] = useState(() => crypto.randomUUID());
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<CheckoutFormInput, unknown, CheckoutFormValues>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: {
      company: profile.company,
      // The profile's address, else the company's default one.
      shippingAddress: profile.shippingAddress.line1 ? profile.shippingAddress : (company.shippingAddresses[0] ?? profile.shippingAddress),
      poNumber: '',
      notes: '',
      // The company's own invoice terms when it has them, else bank transfer.
      paymentMethod: methods[0],
      // A first order fills the empty profile unless the shopper says otherwise.
      saveToProfile: !profile.shippingAddress.line1,
      shipComplete: false,
    },
  });

  // Tax follows the ship-to state as it is typed.
  const terms = useBuyerTerms(useWatch({ control, name: 'shippingAddress.region' }) ?? '');
  const pricing = useCheckoutPricing(items, terms);

  const onSubmit = handleSubmit(async (values) => {
    // The server places the order only at the lines and total this summary shows.
    if (!pricing.priced) return;
    setChanges(null);
    const result = await placeOrder({ ...values, requestId, expected: expectedOrder(pricing.priced) });
    if (result.error) {
      const message = result.error.message ?? 'Your order could not be placed. Please try again.';
      toast.error(message);
      setChanges('details' in result.error ? orderChangesIn(result.error.details) : null);
      return;
    }
    onPlaced(result.data);
  });
  const { user } = useAuth();
  const approval = useApprovalNeed(company, user?.uid ?? '', pricing.priced?.total ?? null);
  // Offered only when a line would wait on backorder: an order that ships whole at once has nothing to hold back.
  const backordered = pricing.splits.size > 0;
  const askedShipComplete = useWatch({ control, name: 'shipComplete' }) === true;
  const shipsComplete = company.shipComplete || askedShipComplete;

  return (
    <div className="checkout-layout">
      <form id={formId} className="checkout-form" onSubmit={onSubmit} noValidate aria-label="Checkout">
        <section className="card form-grid" aria-labelledby={`${formId}-shipping`}>
          <h2 id={`${formId}-shipping`} className="span-2">
            Shipping address
          </h2>
          <FormField label="Company" className="span-2" autoComplete="organization" registration={register('company')} error={errors.company} />
          <CompanyAddressSelect addresses={company.shippingAddresses} onChoose={(address) => setValue('shippingAddress', address, { shouldValidate: true, shouldDirty: true })} />
          <AddressFields register={(field) => register(`shippingAddress.${field}`)} errors={errors.shippingAddress} />
          <label className="checkbox span-2">
            <input type="checkbox" {...register('saveToProfile')} />
            Save this address and company to my profile
          </label>
        </section>

        <OrderDetailsFields poNumber={register('poNumber')} notes={register('notes')} errors={errors} />

        {/* Unregistered when hidden, so an order whose lines all ship now is not sent as ship complete. */}
        {backordered && <ShipCompleteField registration={register('shipComplete', { shouldUnregister: true })} companyShipsComplete={company.shipComplete} />}

        <PaymentMethodFields registration={register('paymentMethod')} methods={methods} availableCredit={availableCredit(company)} />
      </form>
      <div className="checkout-aside">
        {changes && <OrderChangesPanel changes={changes} items={items} />}
        <CheckoutSummary pricing={pricing} formId={formId} placing={isSubmitting} saving={saving} approval={approval} shipsComplete={shipsComplete} />
      </div>
    </div>
  );
}

export default function CheckoutPage() {
  const { profile } = useAuth();
  const { items, loading } = useCart();
  const account = useBuyerAccount();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // Set once the order exists, so the emptied cart never flashes "empty" before the confirmation opens.
  const [placedOrderId, setPlacedOrderId] = useState<string | null>(null);

  function handlePlaced({ orderId, status }: PlaceOrderResult) {
    setPlacedOrderId(orderId);
    navigate(paths.orderConfirmation(orderId), { replace: true });
    // The server emptied carts/{uid} in the order's transaction; show it before the listener hears.
    dispatch(serverCartChanged({ items: [], appliedOperations: [] }));
    toast.success(status === 'awaiting-approval' ? `Order ${orderId} placed. It awaits the approval of your company.` : `Order ${orderId} placed. Thank you!`);
  }

  if (!profile || loading || account.loading || placedOrderId) return <Spinner label="Loading checkout…" />;
  // Until its company is approved, a buyer fills a cart but cannot order.
  const accountProblem = companyOrderingProblem(account.company?.status ?? null);
  if (accountProblem || !account.company) {
    return (
      <section className="page narrow center">
        <h1>You cannot order yet</h1>
        <p>{accountProblem ?? NO_COMPANY_MESSAGE}</p>
        <p className="muted">Your cart is kept until you can order.</p>
        <Link to={paths.cart} className="button">
          Back to cart
        </Link>
      </section>
    );
  }
  if (items.length === 0) {
    return (
      <section className="page narrow center">
        <h1>Your cart is empty</h1>
        <p className="muted">Add products to your cart before checking out.</p>
        <Link to={paths.home} className="button">
          Browse the catalog
        </Link>
      </section>
    );
  }
  return (
    <section className="page checkout">
      <div className="page-heading">
        <h1>Checkout</h1>
        <Link to={paths.cart}>Back to cart</Link>
      </div>
      <CheckoutForm profile={profile} company={account.company} items={items} onPlaced={handlePlaced} />
    </section>
  );
}
