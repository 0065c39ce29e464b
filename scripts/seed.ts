/**
 * Seeds the emulators with the demo catalog and accounts. Refuses to run against anything but
 * the emulators, so a slip can never touch a real project.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldPath, FieldValue, getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { emptyAddress, productSearchTokens, SHOP_RULES, type CompanyStatus, type ContractPricing, type PaymentTerms, type SpendingLimits, type StaffRole } from '../domain/src/index';
import { seedProducts, type SeedProduct } from './catalog/products';

interface DemoCompany {
  id: string;
  status: CompanyStatus;
  paymentTerms: PaymentTerms;
  creditLimit: number;
  contract?: ContractPricing;
  /** The e-mail of the demo sales rep who looks after it. */
  salesRep?: string;
}

interface DemoAccount {
  email: string;
  password: string;
  name: string;
  company: string;
  role?: StaffRole;
  /** Its company, which it owns; what the start banner says about the account. */
  owns?: DemoCompany;
  /** A company it buys for (seeded before it), with its spending limits. */
  buysFor?: { companyId: string; limits: SpendingLimits };
  label: string;
}

export const demoAccounts: DemoAccount[] = [
  { email: 'admin@harbor.test', password: 'harbor-admin-1', name: 'Avery Admin', company: 'Harbor Group', role: 'admin', label: 'Admin' },
  { email: 'sales@harbor.test', password: 'harbor-sales-1', name: 'Sam Sales', company: 'Harbor Group', role: 'sales', label: 'Staff: sales (Seaside Café)' },
  { email: 'warehouse@harbor.test', password: 'harbor-warehouse-1', name: 'Wren Warehouse', company: 'Harbor Group', role: 'warehouse', label: 'Staff: warehouse' },
  { email: 'finance@harbor.test', password: 'harbor-finance-1', name: 'Frankie Finance', company: 'Harbor Group', role: 'finance', label: 'Staff: finance' },
  {
    email: 'buyer@harbor.test',
    password: 'harbor-buyer-1',
    name: 'Blake Buyer',
    company: 'Seaside Café Ltd',
    label: 'Shopper (approved, net 30)',
    // Net 30 with $25,000 of credit, and contract prices on two coffees.
    owns: {
      id: 'seaside-cafe',
      status: 'approved',
      paymentTerms: 'net30',
      creditLimit: 2_500_000,
      contract: { discountBasisPoints: 0, fixedPrices: { 'bev-1003': 4900, 'bev-1008': 3850 } },
      salesRep: 'sales@harbor.test',
    },
  },
  {
    email: 'dana@harbor.test',
    password: 'harbor-dana-1',
    name: 'Dana Reyes',
    company: 'Seaside Café Ltd',
    label: 'Buyer at Seaside Café ($500 an order; the owner above approves more)',
    buysFor: { companyId: 'seaside-cafe', limits: { orderLimit: 50_000, monthlyLimit: null } },
  },
  {
    email: 'pending@harbor.test',
    password: 'harbor-pending-1',
    name: 'Parker Pending',
    company: 'Tidepool Bistro',
    label: 'Shopper (awaiting approval)',
    owns: { id: 'tidepool-bistro', status: 'pending', paymentTerms: 'prepaid', creditLimit: 0 },
  },
];

function assertEmulators(): void {
  if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error('Seeding runs only against the emulators: FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST must be set.');
  }
}

/** Writes products as the admin callables would store them, with search tokens, in batches. */
export async function writeProducts(db: Firestore, products: SeedProduct[]): Promise<void> {
  const createdAt = Timestamp.fromDate(new Date('2026-01-05T09:00:00Z'));
  const batchSize = 250;
  const batches: SeedProduct[][] = [];
  for (let start = 0; start < products.length; start += batchSize) batches.push(products.slice(start, start + batchSize));
  // A few batches in flight at once: each product carries hundreds of search tokens to index.
  const inFlight = 4;
  for (let first = 0; first < batches.length; first += inFlight) {
    await Promise.all(
      batches.slice(first, first + inFlight).map((chunk, offset) => {
        const batch = db.batch();
        const base = (first + offset) * batchSize;
        chunk.forEach((product, index) => {
          const { id, ...fields } = product;
          batch.set(db.doc(`products/${id}`), {
            ...fields,
            currency: SHOP_RULES.currency,
            imagePath: '',
            searchTokens: productSearchTokens(product),
            // Staggered dates give "newest" sorting something to show.
            createdAt: Timestamp.fromMillis(createdAt.toMillis() + (base + index) * 3_600_000),
            updatedAt: FieldValue.serverTimestamp(),
          });
        });
        return batch.commit();
      }),
    );
  }
}

/** The demo catalog (or the products given) and the demo accounts. */
export async function seed(products: SeedProduct[] = seedProducts): Promise<void> {
  assertEmulators();
  const app = getApps().find((existing) => existing.name === 'seed') ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-harbor' }, 'seed');
  const db = getFirestore(app);
  const auth = getAuth(app);

  await writeProducts(db, products);

  const shippingAddress = { ...emptyAddress, line1: '12 Harbor Way', city: 'Portland', region: 'ME', postalCode: '04101', country: 'United States' };
  const users = new Map<string, string>();
  for (const account of demoAccounts) {
    const user = await auth.getUserByEmail(account.email).catch(() => auth.createUser({ email: account.email, password: account.password, displayName: account.name }));
    users.set(account.email, user.uid);
    const owned = account.owns;
    await db.doc(`users/${user.uid}`).set({
      name: account.name,
      email: account.email,
      company: account.company,
      phone: '+1 555 0100',
      shippingAddress,
      createdAt: FieldValue.serverTimestamp(),
      ...(account.role ? { role: account.role } : {}),
      ...(owned ? { companyId: owned.id } : {}),
      ...(account.buysFor ? { companyId: account.buysFor.companyId } : {}),
    });
    if (account.buysFor) {
      // As an accepted invitation and the owner's updateMember would leave it.
      await db.doc(`companies/${account.buysFor.companyId}`).update(
        new FieldPath('members', user.uid),
        'buyer',
        new FieldPath('memberDetails', user.uid),
        { name: account.name, email: account.email },
        new FieldPath('memberLimits', user.uid),
        account.buysFor.limits,
      );
    }
    if (!owned) continue;
    // As registerCompany and an administrator's updateCompany would leave it.
    await db.doc(`companies/${owned.id}`).set({
      name: account.company,
      nameLower: account.company.toLowerCase(),
      taxId: '',
      phone: '+1 555 0100',
      billingAddress: shippingAddress,
      shippingAddresses: [shippingAddress],
      status: owned.status,
      paymentTerms: owned.paymentTerms,
      creditLimit: owned.creditLimit,
      openBalance: 0,
      taxExempt: false,
      taxCertificateId: '',
      members: { [user.uid]: 'owner' },
      memberDetails: { [user.uid]: { name: account.name, email: account.email } },
      salesRepUid: owned.salesRep ? (users.get(owned.salesRep) ?? '') : '',
      createdAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    if (owned.contract) await db.doc(`companies/${owned.id}/private/pricing`).set(owned.contract);
  }
}
