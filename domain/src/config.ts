/**
 * The shop's brand and business constants, in one place so a customer can rebrand or
 * change a rule without hunting through the code. Money is integer cents.
 */
export const BRAND = {
  name: 'Harbor Wholesale',
  fullName: 'Harbor Wholesale by Harbor Group',
  /** Order numbers read like "HW-7K3M9QX2AB". */
  orderNumberPrefix: 'HW',
} as const;

export const SHOP_RULES = {
  currency: 'USD',
  locale: 'en-US',
  /** Orders below this subtotal are refused. */
  minimumOrderCents: 10_000,
  /** Flat shipping below the free-shipping threshold. */
  shippingFlatCents: 2_500,
  freeShippingFromCents: 50_000,
  /** Sales tax in basis points (1/100 of a percent) applied to subtotal. */
  taxRateBasisPoints: 800,
  /** Largest quantity one cart line may hold. */
  maxQuantityPerLine: 9_999,
  /** Largest number of distinct lines in a cart. */
  maxCartLines: 200,
  /** Invoices are due this many days after they are issued (net 30). */
  invoiceDueDays: 30,
} as const;

/** Where bank-transfer payments go; shown with the order's payment instructions. */
export const BANK_ACCOUNT = {
  payee: 'Harbor Group Inc.',
  bank: 'First Harbor Bank',
  routingNumber: '011 000 138',
  accountNumber: '4471 2209 5318',
} as const;

/**
 * Purchase approvals: an order over a buyer's limit waits this many days for an approver of the
 * company; then it is rejected as "not approved in time".
 */
export const APPROVAL_DAYS = 7;

/** An invitation to join a company may be accepted for this many days after it is sent. */
export const INVITATION_DAYS = 14;

/**
 * A company sends at most this many invitations in any 24 hours: each one is an e-mail from the
 * shop's domain, which must not become a relay for spam.
 */
export const INVITATIONS_PER_DAY = 20;

/** Back-office thresholds. */
export const ADMIN_RULES = {
  /** Active products at or below this stock are listed as low on the dashboard. */
  lowStockUnits: 25,
} as const;

/**
 * State sales tax by ship-to state (USPS code), in basis points: the state's base rate (local
 * rates not included). An address whose state is not in the table is taxed at
 * `SHOP_RULES.taxRateBasisPoints`; tax-exempt companies pay none.
 */
export const TAX_RATES_BY_STATE: Readonly<Record<string, number>> = {
  AL: 400, AK: 0, AZ: 560, AR: 650, CA: 725, CO: 290, CT: 635, DE: 0, DC: 600, FL: 600,
  GA: 400, HI: 400, ID: 600, IL: 625, IN: 700, IA: 600, KS: 650, KY: 600, LA: 445, ME: 550,
  MD: 600, MA: 625, MI: 600, MN: 688, MS: 700, MO: 423, MT: 0, NE: 550, NV: 685, NH: 0,
  NJ: 663, NM: 488, NY: 400, NC: 475, ND: 500, OH: 575, OK: 450, OR: 0, PA: 600, RI: 700,
  SC: 600, SD: 420, TN: 700, TX: 625, UT: 610, VT: 600, VA: 530, WA: 650, WV: 600, WI: 500,
  WY: 400,
};
/** Who sends the shop's e-mails, and where the shop itself hears of new orders. */
export const MAIL = {
  from: 'Harbor Wholesale <orders@harbor.test>',
  /** The shop's order inbox: every order received is also sent here. */
  orderInbox: 'order-desk@harbor.test',
} as const;

/** The seller as printed on invoices and packing slips. */
export const SELLER = {
  name: 'Harbor Group Inc.',
  addressLines: ['Pier 4, 100 Harbor Way', 'Portland, OR 97209', 'United States'],
  email: 'accounts@harbor.test',
  phone: '+1 503 555 0140',
  taxId: 'EIN 93-1234567',
} as const;

/** Where returned goods go: the warehouse's receiving dock. */
export const RETURNS_ADDRESS_LINES = [`${SELLER.name}, Returns`, 'Dock 2, 100 Harbor Way', 'Portland, OR 97209', 'United States'] as const;
