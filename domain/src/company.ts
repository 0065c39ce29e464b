/**
 * Business accounts: a company, its status, payment terms, credit and contract prices. Pure rules,
 * kept apart from the zod schemas (companySchemas.ts) so the storefront can price without zod.
 */
import { addressFromData, type ShippingAddress } from './address';
import { SELLER, SHOP_RULES, TAX_RATES_BY_STATE } from './config';
import { applyBasisPoints, formatMoney } from './money';
import { unitPriceFor, type Priced } from './pricing';
import { isRecord, storedChoice, storedNumber, storedText, type StoredData } from './storedFields';

export const COMPANY_STATUSES = ['pending', 'approved', 'on-hold', 'rejected'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];
export const COMPANY_STATUS_LABELS: Record<CompanyStatus, string> = {
  pending: 'Pending approval',
  approved: 'Approved',
  'on-hold': 'On hold',
  rejected: 'Rejected',
};

export const PAYMENT_TERMS = ['prepaid', 'net15', 'net30', 'net60'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];
export const PAYMENT_TERMS_LABELS: Record<PaymentTerms, string> = {
  prepaid: 'Prepaid (bank transfer before shipping)',
  net15: 'Net 15 (invoice)',
  net30: 'Net 30 (invoice)',
  net60: 'Net 60 (invoice)',
};
/** Days after the order until an invoice is due; prepaid orders are due on receipt (0 days). */
export const TERMS_DAYS: Record<PaymentTerms, number> = { prepaid: 0, net15: 15, net30: 30, net60: 60 };

/** An owner manages the company's members; an approver decides orders over a buyer's limits; a buyer orders. */
export const MEMBER_ROLES = ['owner', 'approver', 'buyer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const MEMBER_ROLE_LABELS: Record<MemberRole, string> = { owner: 'Owner', approver: 'Approver', buyer: 'Buyer' };

/** What a buyer may spend without approval, in cents; null for no limit. Owners and approvers have none. */
export interface SpendingLimits {
  orderLimit: number | null;
  monthlyLimit: number | null;
}
export const NO_LIMITS: SpendingLimits = { orderLimit: null, monthlyLimit: null };

/** Contract prices of a company: a discount on the list price and fixed prices per product (cents). */
export interface ContractPricing {
  /** Discount on the list price, in basis points (1/100 of a percent): 500 = 5%. */
  discountBasisPoints: number;
  /** productId -> unit price in cents. */
  fixedPrices: Record<string, number>;
}
export const noContract: ContractPricing = { discountBasisPoints: 0, fixedPrices: {} };

/**
 * What prices a buyer's cart or order beyond the catalog: its company's contract prices (null for
 * none) and the tax rate of the ship-to state (basis points; see `taxRateFor`).
 */
export interface BuyerTerms {
  contract: ContractPricing | null;
  taxRateBasisPoints: number;
}

/** A guest's terms: list and tier prices, the default tax rate. */
export const LIST_PRICES: BuyerTerms = { contract: null, taxRateBasisPoints: SHOP_RULES.taxRateBasisPoints };

export interface Company {
  id: string;
  name: string;
  taxId: string;
  phone: string;
  billingAddress: ShippingAddress;
  shippingAddresses: ShippingAddress[];
  status: CompanyStatus;
  paymentTerms: PaymentTerms;
  /** Integer cents. */
  creditLimit: number;
  /** What counts against the credit limit: open invoice amounts plus invoice-terms orders not yet invoiced (cents), kept by the order and receivables callables. */
  openBalance: number;
  /** Money received beyond the open invoices, kept for the next ones (receivables.ts). */
  unallocatedCredit: number;
  taxExempt: boolean;
  taxCertificateId: string;
  /** uid -> role. */
  members: Record<string, MemberRole>;
  /** uid -> name and e-mail, as the members see each other. */
  memberDetails: Record<string, { name: string; email: string }>;
  /** uid -> a buyer's spending limits (set by the owner with `updateMember`); owners and approvers have none. */
  memberLimits: Record<string, SpendingLimits>;
  /** The IANA time zone a month of spending is counted in; UTC unless set. */
  timeZone: string;
  /** The company's accounts-payable address, which its owner sets; '' for none. */
  billingEmail: string;
  /** The sales rep (a staff user with the sales role) who looks after the company; '' for none. */
  salesRepUid: string;
  /** Its orders never ship in part: what is on the shelf waits for what is backordered. */
  shipComplete: boolean;
}

/** A stored limit: whole cents of at least 0, else none. */
function storedLimit(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

/** Whether `zone` is a time zone this runtime knows (Intl), so a month can be counted in it. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone !== '';
  } catch {
    return false;
  }
}

/** A stored company; anything missing or mistyped reads as the most careful value (pending, prepaid, no credit). */
export function companyFromData(id: string, data: StoredData): Company {
  const members: Record<string, MemberRole> = {};
  if (isRecord(data.members)) {
    for (const [uid, role] of Object.entries(data.members)) if (MEMBER_ROLES.includes(role as MemberRole)) members[uid] = role as MemberRole;
  }
  return {
    id,
    name: storedText(data.name),
    taxId: storedText(data.taxId),
    phone: storedText(data.phone),
    billingAddress: addressFromData(data.billingAddress),
    shippingAddresses: Array.isArray(data.shippingAddresses) ? data.shippingAddresses.map(addressFromData) : [],
    status: storedChoice(COMPANY_STATUSES, data.status, 'pending'),
    paymentTerms: storedChoice(PAYMENT_TERMS, data.paymentTerms, 'prepaid'),
    creditLimit: Math.max(0, Math.trunc(storedNumber(data.creditLimit))),
    openBalance: Math.trunc(storedNumber(data.openBalance)),
    unallocatedCredit: Math.trunc(storedNumber(data.unallocatedCredit)),
    taxExempt: data.taxExempt === true,
    shipComplete: data.shipComplete === true,
    taxCertificateId: storedText(data.taxCertificateId),
    members,
    memberDetails: Object.fromEntries(
      Object.keys(members).map((uid) => {
        const details = isRecord(data.memberDetails) && isRecord(data.memberDetails[uid]) ? data.memberDetails[uid] : {};
        return [uid, { name: storedText(details.name), email: storedText(details.email) }];
      }),
    ),
    memberLimits: Object.fromEntries(
      Object.entries(members).map(([uid, role]) => {
        const limits = role === 'buyer' && isRecord(data.memberLimits) && isRecord(data.memberLimits[uid]) ? data.memberLimits[uid] : {};
        return [uid, { orderLimit: storedLimit(limits.orderLimit), monthlyLimit: storedLimit(limits.monthlyLimit) }];
      }),
    ),
    timeZone: typeof data.timeZone === 'string' && isTimeZone(data.timeZone) ? data.timeZone : 'UTC',
    billingEmail: storedText(data.billingEmail),
    salesRepUid: storedText(data.salesRepUid),
  };
}

/**
 * What the staff keep about a company and its members must not read: its internal note. It lives
 * apart from `companies/{id}` (which every member reads), in a document only admins, finance and
 * the company's current sales rep read (firestore.rules), written by updateCompany.
 */
export interface CompanyStaffNotes {
  note: string;
}

/** Where a company's staff notes are stored. */
export const staffNotesPath = (companyId: string) => `companies/${companyId}/staff/notes`;

/** Stored staff notes; a missing document reads as no note. */
export function staffNotesFromData(data: StoredData | undefined): CompanyStaffNotes {
  return { note: storedText(data?.note) };
}

/** Stored contract prices (`companies/{id}/private/pricing`); anything malformed is left out. */
export function contractFromData(data: StoredData | undefined): ContractPricing {
  if (!data) return noContract;
  const discount = storedNumber(data.discountBasisPoints);
  const fixedPrices: Record<string, number> = {};
  if (isRecord(data.fixedPrices)) {
    for (const [productId, price] of Object.entries(data.fixedPrices)) {
      if (typeof price === 'number' && Number.isInteger(price) && price >= 0) fixedPrices[productId] = price;
    }
  }
  return { discountBasisPoints: Number.isInteger(discount) && discount > 0 && discount <= 10_000 ? discount : 0, fixedPrices };
}

/**
 * What a new map of fixed prices changes: the products whose price differs, each with its price
 * before and after in cents, null where it had or has none (added, removed). Null when nothing
 * differs, so a save that changes nothing records nothing.
 */
export interface FixedPricesChange {
  from: Record<string, number | null>;
  to: Record<string, number | null>;
}

export function fixedPricesChange(before: Record<string, number>, after: Record<string, number>): FixedPricesChange | null {
  const productIds = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const changed = productIds.filter((productId) => before[productId] !== after[productId]);
  if (!changed.length) return null;
  return {
    from: Object.fromEntries(changed.map((productId) => [productId, before[productId] ?? null])),
    to: Object.fromEntries(changed.map((productId) => [productId, after[productId] ?? null])),
  };
}

/** A fixed prices change in words: "added bev-2 at $16.00; bev-1 from $17.50 to $16.00; removed bev-3 (was $12.00)". */
export function fixedPricesChangeText({ from, to }: FixedPricesChange): string {
  return Object.keys(to)
    .map((productId) => {
      const [was, now] = [from[productId], to[productId]];
      if (typeof now !== 'number') return `removed ${productId} (was ${formatMoney(Number(was))})`;
      if (typeof was !== 'number') return `added ${productId} at ${formatMoney(now)}`;
      return `${productId} from ${formatMoney(was)} to ${formatMoney(now)}`;
    })
    .join('; ');
}

/** The company's price for a product before volume tiers: its fixed price, else the list price less the discount. */
export function contractUnitPrice(product: Priced & { id: string }, contract: ContractPricing): number {
  const fixed = contract.fixedPrices[product.id];
  if (fixed !== undefined) return fixed;
  return product.price - applyBasisPoints(product.price, contract.discountBasisPoints);
}

/** Where a buyer's unit price comes from: its company's contract, a volume tier the quantity reaches, or the list price. */
export type BuyerPriceBasis = 'contract' | 'tier' | 'list';

export const BUYER_PRICE_BASIS_LABELS: Record<BuyerPriceBasis, string> = { contract: 'Contract', tier: 'Volume tier', list: 'List' };

/**
 * What a buyer pays per unit for `quantity`, and why: the lower of its company's contract price and
 * the volume tier price the quantity reaches (a tie is the tier's). Without a contract, the tier price.
 */
export function buyerPrice(product: Priced & { id: string }, quantity: number, contract: ContractPricing | null | undefined): { unitPrice: number; basis: BuyerPriceBasis } {
  const tier = unitPriceFor(product, quantity);
  const contracted = contract ? contractUnitPrice(product, contract) : tier;
  if (contracted < tier) return { unitPrice: contracted, basis: 'contract' };
  return { unitPrice: tier, basis: tier < product.price ? 'tier' : 'list' };
}

/** What a buyer pays per unit for `quantity` (buyerPrice's unit price). */
export function buyerUnitPrice(product: Priced & { id: string }, quantity: number, contract: ContractPricing | null | undefined): number {
  return buyerPrice(product, quantity, contract).unitPrice;
}

/** The lowest unit price a buyer can reach ("from" price). */
export function buyerLowestUnitPrice(product: Priced & { id: string }, contract: ContractPricing | null | undefined): number {
  return buyerUnitPrice(product, Number.MAX_SAFE_INTEGER, contract);
}

/**
 * A product as listed (unit price and its lowest tier price, as in the search index), priced for
 * a buyer: each the lower of itself and the company's contract price.
 */
export function buyerListedPrice(product: { id: string; price: number; fromPrice: number }, contract: ContractPricing | null | undefined): { price: number; fromPrice: number } {
  if (!contract) return { price: product.price, fromPrice: product.fromPrice };
  const contractPrice = contractUnitPrice(product, contract);
  return { price: Math.min(product.price, contractPrice), fromPrice: Math.min(product.fromPrice, contractPrice) };
}

/** Sales tax rate (basis points) for a ship-to state; 0 for a tax-exempt company; the default rate for an unknown state. */
export function taxRateFor(region: string, taxExempt = false): number {
  if (taxExempt) return 0;
  const code = region.trim().toUpperCase();
  return TAX_RATES_BY_STATE[code] ?? SHOP_RULES.taxRateBasisPoints;
}

/** Why a company cannot order now, or null when it can. */
export function companyOrderingProblem(status: CompanyStatus | null): string | null {
  switch (status) {
    case 'approved':
      return null;
    case 'on-hold':
      return `Your company account is on hold. Please contact us at ${SELLER.email} or ${SELLER.phone} to place orders.`;
    case 'rejected':
      return `Your company account application was not approved. Please contact us at ${SELLER.email} if your details have changed.`;
    case null:
      return NO_COMPANY_MESSAGE;
    default:
      return AWAITING_APPROVAL_MESSAGE;
  }
}
export const AWAITING_APPROVAL_MESSAGE = 'Your company account is awaiting our approval. We review new accounts within one business day and e-mail you when you can order.';
export const NO_COMPANY_MESSAGE = 'Your account does not belong to a company. Join one with the invitation a colleague sent you, on your profile.';

/** Payment methods a company's terms allow: prepaid pays by bank transfer only; net terms also by invoice on those terms. */
export function paymentMethodsFor(terms: PaymentTerms): PaymentMethodId[] {
  return terms === 'prepaid' ? ['bank-transfer'] : [`invoice-${terms}`, 'bank-transfer'];
}
export type PaymentMethodId = 'invoice-net15' | 'invoice-net30' | 'invoice-net60' | 'bank-transfer';

/** Invoice methods use credit; bank transfer is paid before shipping. */
export function usesCredit(method: PaymentMethodId): boolean {
  return method !== 'bank-transfer';
}

/** Credit still available: the limit less the open balance, plus money held on account, never below 0. */
export function availableCredit(company: Pick<Company, 'creditLimit' | 'openBalance'> & Partial<Pick<Company, 'unallocatedCredit'>>): number {
  return Math.max(0, company.creditLimit - company.openBalance + (company.unallocatedCredit ?? 0));
}

/** Why an order of `total` cents on credit is refused, or null when the credit covers it. */
export function creditProblem(company: Pick<Company, 'creditLimit' | 'openBalance'> & Partial<Pick<Company, 'unallocatedCredit'>>, total: number): string | null {
  const available = availableCredit(company);
  if (total <= available) return null;
  return `This order of ${formatMoney(total)} exceeds your available credit of ${formatMoney(available)}. Please pay open invoices, choose bank transfer or contact us.`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an order placed at `placedAt` (ms) is due: net terms add their days; bank transfer is due on receipt. */
export function dueDateFor(method: PaymentMethodId, placedAt: number): number {
  const days = method === 'bank-transfer' ? 0 : TERMS_DAYS[method.slice('invoice-'.length) as PaymentTerms];
  return placedAt + days * DAY_MS;
}

export const PAYMENT_STATUSES = ['unpaid', 'paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Orders nothing is owed for: cancelled, rejected by the buyer's company, or still awaiting its approval. */
export function owesNothing(status: string): boolean {
  return status === 'cancelled' || status === 'rejected' || status === 'awaiting-approval';
}

/** An unpaid order past its due date (and owing something) is overdue. */
export function isOverdue(order: { paymentStatus: PaymentStatus; dueDate: number | null; status: string }, now: number): boolean {
  return order.paymentStatus === 'unpaid' && !owesNothing(order.status) && order.dueDate !== null && order.dueDate < now;
}

/**
 * How an order's payment reads beside it: "Paid", "Unpaid", "Partly paid, $284.34 open",
 * "Overdue, partly paid, $284.34 open"; null when nothing is owed for it. What is paid and open
 * comes from its invoice as the ledger has it (`amountPaid`, `amountOpen`, kept on the order).
 */
export function orderPaymentText(
  order: { paymentStatus: PaymentStatus; dueDate: number | null; status: string; currency: string; amountPaid?: number | undefined; amountOpen?: number | undefined },
  now: number,
): { text: string; overdue: boolean } | null {
  if (order.paymentStatus === 'paid') return { text: 'Paid', overdue: false };
  if (owesNothing(order.status)) return null;
  const overdue = isOverdue(order, now);
  const partly = (order.amountPaid ?? 0) > 0;
  const state = overdue ? (partly ? 'Overdue, partly paid' : 'Overdue') : partly ? 'Partly paid' : 'Unpaid';
  return { text: order.amountOpen === undefined ? state : `${state}, ${formatMoney(order.amountOpen, order.currency)} open`, overdue };
}

/** The roles that decide the company's orders awaiting approval (and so read all of its orders). */
export function decidesApprovals(role: MemberRole | undefined): boolean {
  return role === 'owner' || role === 'approver';
}

/**
 * Whether a member of a company sees one of the company's documents: its own orders and their
 * documents (invoice, credit notes, their PDFs) always; everything of the company (every order,
 * invoice, credit note, payment, ledger entry and the statement) as an owner or approver. A
 * payment, a ledger entry or a statement is the company's, never one buyer's own. The security
 * rules mirror this (firestore.rules, `seesCompanyDocument`).
 */
export function maySeeCompanyDocument(role: MemberRole | undefined, isOwnDocument: boolean): boolean {
  return isOwnDocument || decidesApprovals(role);
}
