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

/** Back-office thresholds. */
export const ADMIN_RULES = {
  /** Active products at or below this stock are listed as low on the dashboard. */
  lowStockUnits: 25,
} as const;

/** Who sends the shop's e-mails, and where the shop itself hears of new orders. */
export const MAIL = {
  from: 'Harbor Wholesale <orders@harbor.test>',
  /** The shop's order inbox: every order received is also sent here. */
  orderInbox: 'order-desk@harbor.test',
  /** Links in e-mails point here (order pages). */
  shopUrl: 'https://harbor-wholesale.web.app',
} as const;

/** The seller as printed on invoices and packing slips. */
export const SELLER = {
  name: 'Harbor Group Inc.',
  addressLines: ['Pier 4, 100 Harbor Way', 'Portland, OR 97209', 'United States'],
  email: 'accounts@harbor.test',
  phone: '+1 503 555 0140',
  taxId: 'EIN 93-1234567',
} as const;
