import type { ListOrder } from './pagination';

interface ProductSortEntry extends ListOrder {
  label: string;
  /** Offered in the shop's catalog too, not only in the back office (whose list also shows inactive products). */
  storefront: boolean;
}

/** Every order a product list can take, in the order the sort menus list them. */
export const PRODUCT_SORTS = {
  name: { label: 'Name: A to Z', field: 'name', direction: 'asc', kind: 'text', storefront: true },
  'price-asc': { label: 'Price: low to high', field: 'price', direction: 'asc', kind: 'number', storefront: true },
  'price-desc': { label: 'Price: high to low', field: 'price', direction: 'desc', kind: 'number', storefront: true },
  'stock-asc': { label: 'Stock: lowest first', field: 'stock', direction: 'asc', kind: 'number', storefront: false },
  newest: { label: 'Newest first', field: 'createdAt', direction: 'desc', kind: 'timestamp', storefront: true },
} as const satisfies Record<string, ProductSortEntry>;

export type ProductSort = keyof typeof PRODUCT_SORTS;
/** The sorts the shop's catalog offers. */
export type StorefrontSort = { [Key in ProductSort]: (typeof PRODUCT_SORTS)[Key]['storefront'] extends true ? Key : never }[ProductSort];

export const DEFAULT_PRODUCT_SORT = 'name' satisfies StorefrontSort;

export const PRODUCT_SORT_KEYS = Object.keys(PRODUCT_SORTS) as ProductSort[];
export const STOREFRONT_SORT_KEYS = PRODUCT_SORT_KEYS.filter((key): key is StorefrontSort => PRODUCT_SORTS[key].storefront);

/** The sort a URL names when it is one of `offered`, else the default. */
export function readProductSort<Sort extends ProductSort>(value: string | null, offered: readonly Sort[]): Sort | typeof DEFAULT_PRODUCT_SORT {
  return offered.find((key) => key === value) ?? DEFAULT_PRODUCT_SORT;
}

/** Orders as every order list shows them: newest first. */
export const NEWEST_ORDERS_FIRST: ListOrder = { field: 'createdAt', direction: 'desc', kind: 'timestamp' };

/** Orders as the warehouse ships them: oldest first. */
export const OLDEST_ORDERS_FIRST: ListOrder = { field: 'createdAt', direction: 'asc', kind: 'timestamp' };

/** Returns as the back office lists them: newest first, by when they were asked for. */
export const NEWEST_RETURNS_FIRST: ListOrder = NEWEST_ORDERS_FIRST;
