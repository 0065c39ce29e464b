import {
  collection,
  count,
  doc,
  documentId,
  getAggregate,
  getCount,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  sum,
  Timestamp,
  where,
  type QueryConstraint,
  type QueryDocumentSnapshot,
} from 'firebase/firestore/lite';
import {
  ADMIN_RULES,
  lastDays,
  matchesSearch,
  OPEN_ORDER_STATUSES,
  orderFromData,
  productFromData,
  searchPlan,
  REVENUE_STATUSES,
  type DayFigures,
  type Order,
  type OrderStatus,
  type Product,
  type ProductInput,
} from '@harbor/domain';
import { api, queryResult } from '../../lib/api';
import { callFunction } from '../../lib/callable';
import { db } from '../../lib/firebase';

export const ADMIN_PAGE_SIZE = 20;
/** Search results (orders) are not paginated; each kind of match reads at most this many. */
export const ORDER_SEARCH_LIMIT = 50;
/** The CSV export stops here rather than reading an unbounded collection. */
export const ORDER_EXPORT_LIMIT = 5000;

export const PRODUCT_SORTS = {
  name: { label: 'Name (A–Z)', field: 'name', direction: 'asc' },
  'price-asc': { label: 'Price: low to high', field: 'price', direction: 'asc' },
  'price-desc': { label: 'Price: high to low', field: 'price', direction: 'desc' },
  'stock-asc': { label: 'Stock: lowest first', field: 'stock', direction: 'asc' },
  newest: { label: 'Newest first', field: 'createdAt', direction: 'desc' },
} as const;
export type ProductSort = keyof typeof PRODUCT_SORTS;

/** Where the next page starts: the sort value and id of the last row shown. */
export interface PageCursor {
  value: string | number;
  id: string;
}

export interface Page<Row> {
  rows: Row[];
  next: PageCursor | null;
}

export interface ProductPageArgs {
  search: string;
  category: string;
  sort: ProductSort;
  after: PageCursor | null;
}

export interface OrderPageArgs {
  status: OrderStatus | '';
  search: string;
  after: PageCursor | null;
}

export interface OrderSearchResult extends Page<Order> {
  /** True when a search hit its read limit, so more matches may exist. */
  truncated: boolean;
}

export interface DashboardFigures {
  /** Oldest first; the last entry is today. */
  days: Array<DayFigures & { key: string }>;
  openByStatus: Array<{ status: OrderStatus; count: number }>;
  activeProducts: number;
  lowStock: Product[];
  latestOrders: Order[];
}

const toProduct = (snapshot: QueryDocumentSnapshot) => productFromData(snapshot.id, snapshot.data());
const toOrder = (snapshot: QueryDocumentSnapshot) => orderFromData(snapshot.id, snapshot.data());

/** Cursor values are plain data in the cache; timestamps go back to Timestamps for the query. */
function cursorValue(field: string, value: string | number) {
  return field === 'createdAt' && typeof value === 'number' ? Timestamp.fromMillis(value) : value;
}

/** Queries read one row more than they show, to know whether a next page exists. */
function pageOf<Row>(snapshots: QueryDocumentSnapshot[], toRow: (snapshot: QueryDocumentSnapshot) => Row, field: string, pageSize = ADMIN_PAGE_SIZE): Page<Row> {
  const shown = snapshots.slice(0, pageSize);
  const last = shown.at(-1);
  const lastValue: unknown = last?.get(field);
  const value = lastValue instanceof Timestamp ? lastValue.toMillis() : (lastValue as string | number);
  return { rows: shown.map(toRow), next: snapshots.length > pageSize && last ? { value, id: last.id } : null };
}

async function productPage({ search, category, sort, after }: ProductPageArgs): Promise<Page<Product>> {
  const { field, direction } = PRODUCT_SORTS[sort];
  const plan = searchPlan(search);
  const token = plan?.token;
  const constraints: QueryConstraint[] = [
    ...(category ? [where('category', '==', category)] : []),
    ...(token ? [where('searchTokens', 'array-contains', token)] : []),
    orderBy(field, direction),
    orderBy(documentId(), direction),
    ...(after ? [startAfter(cursorValue(field, after.value), after.id)] : []),
    limit(ADMIN_PAGE_SIZE + 1),
  ];
  const snapshot = await getDocs(query(collection(db, 'products'), ...constraints));
  const page = pageOf(snapshot.docs, toProduct, field);
  // The lookup covers one word; the other words of the search are checked on the rows read.
  return plan ? { ...page, rows: page.rows.filter((product) => matchesSearch(product, plan)) } : page;
}

async function orderPage({ status, after }: OrderPageArgs, pageSize = ADMIN_PAGE_SIZE): Promise<Page<Order>> {
  const constraints: QueryConstraint[] = [
    ...(status ? [where('status', '==', status)] : []),
    orderBy('createdAt', 'desc'),
    orderBy(documentId(), 'desc'),
    ...(after ? [startAfter(cursorValue('createdAt', after.value), after.id)] : []),
    limit(pageSize + 1),
  ];
  const snapshot = await getDocs(query(collection(db, 'orders'), ...constraints));
  return pageOf(snapshot.docs, toOrder, 'createdAt', pageSize);
}

/** Company names as typed and with each word capitalised, since Firestore range matches are case-sensitive. */
function companyForms(text: string): string[] {
  const capitalised = text.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
  return [...new Set([text, capitalised])];
}

const prefixRange = (field: string | ReturnType<typeof documentId>, prefix: string): QueryConstraint[] => [
  where(field, '>=', prefix),
  where(field, '<', `${prefix}\uf8ff`),
  limit(ORDER_SEARCH_LIMIT),
];

/** Orders whose number (document id), customer e-mail or company starts with the text. */
async function searchOrders(search: string, status: OrderStatus | ''): Promise<OrderSearchResult> {
  const text = search.trim();
  const orders = collection(db, 'orders');
  const queries = [
    ...(text.includes('/') ? [] : [query(orders, ...prefixRange(documentId(), text))]),
    query(orders, ...prefixRange('userEmail', text.toLowerCase())),
    ...companyForms(text).map((company) => query(orders, ...prefixRange('company', company))),
  ];
  const snapshots = await Promise.all(queries.map((each) => getDocs(each)));
  const byId = new Map<string, Order>();
  for (const snapshot of snapshots) for (const document of snapshot.docs) byId.set(document.id, toOrder(document));
  const rows = [...byId.values()].filter((order) => !status || order.status === status).sort((a, b) => b.createdAt - a.createdAt);
  return { rows, next: null, truncated: snapshots.some((snapshot) => snapshot.size === ORDER_SEARCH_LIMIT) };
}

/** Every order matching the filter, for the CSV export (bounded by ORDER_EXPORT_LIMIT). */
export async function ordersForExport(status: OrderStatus | '', search: string): Promise<{ orders: Order[]; truncated: boolean }> {
  if (search.trim()) {
    const { rows, truncated } = await searchOrders(search, status);
    return { orders: rows, truncated };
  }
  const orders: Order[] = [];
  let after: PageCursor | null = null;
  do {
    const page: Page<Order> = await orderPage({ status, search: '', after }, 500);
    orders.push(...page.rows);
    after = page.next;
  } while (after && orders.length < ORDER_EXPORT_LIMIT);
  return { orders: orders.slice(0, ORDER_EXPORT_LIMIT), truncated: after !== null };
}

async function dashboardFigures(): Promise<DashboardFigures> {
  const orders = collection(db, 'orders');
  const products = collection(db, 'products');
  // One aggregation per day: each costs about one read, however many orders the day had.
  const days = lastDays(new Date(), 30);
  const daily = Promise.all(
    days.map(async (day) => {
      const snapshot = await getAggregate(
        query(orders, where('status', 'in', [...REVENUE_STATUSES]), where('createdAt', '>=', Timestamp.fromDate(day.start)), where('createdAt', '<', Timestamp.fromDate(day.end))),
        { orders: count(), revenue: sum('total') },
      );
      const { orders: dayOrders, revenue } = snapshot.data();
      return { key: day.key, orders: dayOrders, revenue: revenue ?? 0 };
    }),
  );
  const open = Promise.all(OPEN_ORDER_STATUSES.map(async (status) => ({ status, count: (await getCount(query(orders, where('status', '==', status)))).data().count })));
  const active = getCount(query(products, where('active', '==', true)));
  const low = getDocs(query(products, where('active', '==', true), where('stock', '<=', ADMIN_RULES.lowStockUnits), orderBy('stock'), limit(8)));
  const latest = getDocs(query(orders, orderBy('createdAt', 'desc'), limit(8)));
  return {
    days: await daily,
    openByStatus: await open,
    activeProducts: (await active).data().count,
    lowStock: (await low).docs.map(toProduct),
    latestOrders: (await latest).docs.map(toOrder),
  };
}


export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminProducts: build.query<Page<Product>, ProductPageArgs>({
      queryFn: (args) => queryResult(() => productPage(args), 'The products could not be loaded. Please try again.'),
      providesTags: ['Product'],
    }),
    getAdminProduct: build.query<Product | null, string>({
      queryFn: (id) =>
        queryResult(async () => {
          const snapshot = await getDoc(doc(db, 'products', id));
          return snapshot.exists() ? productFromData(snapshot.id, snapshot.data()) : null;
        }, 'The product could not be loaded. Please try again.'),
      providesTags: ['Product'],
    }),
    saveProduct: build.mutation<{ id: string }, ProductInput>({
      queryFn: (input) => queryResult(async () => callFunction<ProductInput, { id: string }>('saveProduct', input), 'The product could not be saved. Please try again.'),
      invalidatesTags: ['Product'],
    }),
    deleteProduct: build.mutation<{ id: string }, string>({
      queryFn: (id) => queryResult(async () => callFunction<{ id: string }, { id: string }>('deleteProduct', { id }), 'The product could not be deleted. Please try again.'),
      invalidatesTags: ['Product'],
    }),
    getAdminOrders: build.query<OrderSearchResult, OrderPageArgs>({
      queryFn: (args) =>
        queryResult(
          async () => (args.search.trim() ? searchOrders(args.search, args.status) : { ...(await orderPage(args)), truncated: false }),
          'The orders could not be loaded. Please try again.',
        ),
      providesTags: ['Order'],
    }),
    getAdminOrder: build.query<Order | null, string>({
      queryFn: (id) =>
        queryResult(async () => {
          const snapshot = await getDoc(doc(db, 'orders', id));
          return snapshot.exists() ? orderFromData(snapshot.id, snapshot.data()) : null;
        }, 'The order could not be loaded. Please try again.'),
      providesTags: ['Order'],
    }),
    updateOrderStatus: build.mutation<{ orderId: string; status: OrderStatus }, { orderId: string; status: OrderStatus }>({
      queryFn: (input) => queryResult(async () => callFunction<{ orderId: string; status: OrderStatus }, { orderId: string; status: OrderStatus }>('updateOrderStatus', input), 'The order status could not be changed. Please try again.'),
      // Cancelling returns stock, so product figures change too.
      invalidatesTags: ['Order', 'Product'],
    }),
    getDashboard: build.query<DashboardFigures, void>({
      queryFn: () => queryResult(dashboardFigures, 'The dashboard could not be loaded. Please try again.'),
      providesTags: ['Order', 'Product'],
    }),
  }),
});

export const {
  useGetAdminProductsQuery,
  useGetAdminProductQuery,
  useSaveProductMutation,
  useDeleteProductMutation,
  useGetAdminOrdersQuery,
  useGetAdminOrderQuery,
  useUpdateOrderStatusMutation,
  useGetDashboardQuery,
} = adminApi;
