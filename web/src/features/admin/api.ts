import { count, getAggregate, getCount, getDocs, limit, orderBy, query, startAfter, sum, Timestamp, where } from 'firebase/firestore/lite';
import {
  ADMIN_RULES,
  lastDays,
  type AdjustStockInput,
  OPEN_ORDER_STATUSES,
  REVENUE_STATUSES,
  type DayFigures,
  type Order,
  type OrderStatus,
  type Product,
  type ImportProductsInput,
  type ImportProductsResult,
  type ProductInput,
  type UpdateOrderStatusInput,
} from '@harbor/domain';
import { api, queryResult } from '../../lib/api';
import { callFunction } from '../../lib/callable';
import { orderCollection } from '../../lib/converters/orderConverter';
import { productCollection } from '../../lib/converters/productConverter';
import { readDocument } from '../../lib/documents';
import { db } from '../../lib/firebase';
import type { Page, PagePosition } from '../../lib/pagination';
import { readProductPage } from '../../lib/productList';
import type { ProductSort } from '../../lib/sorts';
import { companyScope } from './assignedCompanies';
import { lookedUpByRarestWord } from './productSearch';
import { ordersForExport, readOrders, readToShipPage, type OrderFilter, type OrderSearchResult, type ToShipPage } from './orderQueries';

const ADMIN_PAGE_SIZE = 20;

interface ProductPageArgs {
  search: string;
  category: string;
  sort: ProductSort;
  position: PagePosition;
}

interface OrderListArgs extends OrderFilter {
  /** A sales rep's uid: only the orders of the companies assigned to it now (the rules let it read no others). */
  assignedTo: string | null;
}

interface OrderPageArgs extends OrderListArgs {
  position: PagePosition;
}

interface DashboardFigures {
  /** Oldest first; the last entry is today. */
  days: Array<DayFigures & { key: string }>;
  openByStatus: Array<{ status: OrderStatus; count: number }>;
  activeProducts: number;
  lowStock: Product[];
  latestOrders: Order[];
}

async function dashboardFigures(): Promise<DashboardFigures> {
  const orders = orderCollection(db);
  const products = productCollection(db);
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
    lowStock: (await low).docs.map((document) => document.data()),
    latestOrders: (await latest).docs.map((document) => document.data()),
  };
}

const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminProducts: build.query<Page<Product>, ProductPageArgs>({
      queryFn: ({ search, category, sort, position }) =>
        queryResult(
          () => readProductPage(db, { search, category: category || null, sort, activeOnly: false }, position, ADMIN_PAGE_SIZE, lookedUpByRarestWord(db)),
          'The products could not be loaded. Please try again.',
        ),
      providesTags: ['Product'],
    }),
    /** How many products the CSV export will write: one count aggregation, not a read of each. */
    countProducts: build.query<number, void>({
      queryFn: () => queryResult(async () => (await getCount(productCollection(db))).data().count, 'The products could not be counted. Please try again.'),
      keepUnusedDataFor: 0,
    }),
    /** One page of the CSV export: the products after this SKU, by SKU; read on request, nothing kept. */
    exportProductsPage: build.query<Product[], { afterSku: string | null; pageSize: number }>({
      queryFn: ({ afterSku, pageSize }) =>
        queryResult(
          async () => (await getDocs(query(productCollection(db), orderBy('sku'), ...(afterSku === null ? [] : [startAfter(afterSku)]), limit(pageSize)))).docs.map((document) => document.data()),
          'The products could not be exported. Please try again.',
        ),
      keepUnusedDataFor: 0,
    }),
    /** One batch of a CSV import: compared (apply false) or written (apply true) by the server. */
    importProducts: build.mutation<ImportProductsResult, ImportProductsInput>({
      queryFn: (input) => queryResult(() => callFunction<ImportProductsInput, ImportProductsResult>('importProducts', input, { timeout: 150_000 }), 'The batch could not be imported. Please try again.'),
      invalidatesTags: (_result, _error, input) => (input.apply ? ['Product', 'Audit'] : []),
    }),
    getAdminProduct: build.query<Product | null, string>({
      queryFn: (id) => queryResult(() => readDocument(productCollection(db), id), 'The product could not be loaded. Please try again.'),
      providesTags: ['Product'],
    }),
    saveProduct: build.mutation<{ id: string }, ProductInput>({
      queryFn: (input) => queryResult(async () => callFunction<ProductInput, { id: string }>('saveProduct', input), 'The product could not be saved. Please try again.'),
      invalidatesTags: ['Product', 'Audit'],
    }),
    adjustStock: build.mutation<{ productId: string; stock: number }, AdjustStockInput>({
      queryFn: (input) => queryResult(() => callFunction<AdjustStockInput, { productId: string; stock: number }>('adjustStock', input), 'The stock could not be adjusted. Please try again.'),
      invalidatesTags: ['Product', 'Audit'],
    }),
    deleteProduct: build.mutation<{ id: string }, string>({
      queryFn: (id) => queryResult(async () => callFunction<{ id: string }, { id: string }>('deleteProduct', { id }), 'The product could not be deleted. Please try again.'),
      invalidatesTags: ['Product', 'Audit'],
    }),
    getAdminOrders: build.query<OrderSearchResult, OrderPageArgs>({
      queryFn: ({ assignedTo, position, ...filter }) => queryResult(async () => readOrders(db, await companyScope(db, assignedTo), filter, position), 'The orders could not be loaded. Please try again.'),
      providesTags: ['Order'],
    }),
    /** Read on request, once per export: nothing is kept once the file is written. */
    exportOrders: build.query<{ orders: Order[]; truncated: boolean }, OrderListArgs>({
      queryFn: ({ assignedTo, ...filter }) => queryResult(async () => ordersForExport(db, await companyScope(db, assignedTo), filter), 'The orders could not be exported. Please try again.'),
      keepUnusedDataFor: 0,
    }),
    /** The warehouse's queue: orders ready to ship, oldest first, all or those with units of one SKU. */
    getToShipOrders: build.query<ToShipPage, { sku: string; position: PagePosition }>({
      queryFn: ({ sku, position }) => queryResult(() => readToShipPage(db, sku, position), 'The orders to ship could not be loaded. Please try again.'),
      providesTags: ['Order'],
    }),
    getAdminOrder: build.query<Order | null, string>({
      queryFn: (id) => queryResult(() => readDocument(orderCollection(db), id), 'The order could not be loaded. Please try again.'),
      providesTags: ['Order'],
    }),
    updateOrderStatus: build.mutation<{ orderId: string; status: OrderStatus }, UpdateOrderStatusInput>({
      queryFn: (input) => queryResult(async () => callFunction<UpdateOrderStatusInput, { orderId: string; status: OrderStatus }>('updateOrderStatus', input), 'The order status could not be changed. Please try again.'),
      // Cancelling returns stock, so product figures change too; shipping issues the invoice.
      invalidatesTags: ['Order', 'Product', 'Audit', 'Receivables'],
      // The new status shows as soon as the server answers: the order read again after the change
      // (its history, the invoice shipping issued) follows, and the next buttons need not wait for it.
      async onQueryStarted({ orderId }, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (!answer) return;
        dispatch(
          adminApi.util.updateQueryData('getAdminOrder', orderId, (order) => {
            if (order) order.status = answer.data.status;
          }),
        );
      },
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
  useAdjustStockMutation,
  useLazyCountProductsQuery,
  useLazyExportProductsPageQuery,
  useImportProductsMutation,
  useGetAdminOrdersQuery,
  useLazyExportOrdersQuery,
  useGetToShipOrdersQuery,
  useGetAdminOrderQuery,
  useUpdateOrderStatusMutation,
  useGetDashboardQuery,
} = adminApi;
