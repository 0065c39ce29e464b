/**
 * Every route path of the shop, used by the router (`patterns`) and by links (`paths`), so a
 * path is written once.
 */
export const patterns = {
  home: '/',
  login: '/login',
  register: '/register',
  product: '/product/:id',
  cart: '/cart',
  profile: '/profile',
  lists: '/lists',
  checkout: '/checkout',
  orderConfirmation: '/order-confirmation/:orderId',
  admin: '/admin',
  adminDashboard: '/admin/dashboard',
  adminProducts: '/admin/products',
  adminNewProduct: '/admin/products/new',
  adminEditProduct: '/admin/products/edit/:id',
  adminOrders: '/admin/orders',
  adminCustomers: '/admin/customers',
  adminCustomer: '/admin/customers/:companyId',
  adminStaff: '/admin/staff',
  adminAudit: '/admin/audit',
} as const;

const segment = encodeURIComponent;

/** Links to the routes in `patterns`. */
export const paths = {
  home: patterns.home,
  search: (text: string) => `/?${new URLSearchParams({ search: text }).toString()}`,
  login: patterns.login,
  register: patterns.register,
  product: (id: string) => `/product/${segment(id)}`,
  cart: patterns.cart,
  profile: patterns.profile,
  lists: patterns.lists,
  checkout: patterns.checkout,
  orderConfirmation: (orderId: string) => `/order-confirmation/${segment(orderId)}`,
  admin: patterns.admin,
  adminDashboard: patterns.adminDashboard,
  adminProducts: patterns.adminProducts,
  adminNewProduct: patterns.adminNewProduct,
  adminEditProduct: (id: string) => `/admin/products/edit/${segment(id)}`,
  adminOrders: patterns.adminOrders,
  adminCustomers: patterns.adminCustomers,
  adminCustomer: (companyId: string) => `/admin/customers/${segment(companyId)}`,
  adminStaff: patterns.adminStaff,
  adminAudit: patterns.adminAudit,
} as const;

/**
 * The embedded search index, served on the shop's own origin (a Hosting rewrite to the
 * searchIndexFile function, see firebase.json; Vite's dev server proxies it).
 */
export const SEARCH_INDEX_PATH = '/search-index.json';

/**
 * One page of a search or filtered view, answered on the server (the searchPage function, also
 * behind a Hosting rewrite), with the catalog URL's own parameters.
 */
export const SEARCH_PAGE_PATH = '/search-page.json';

/** A product as shoppers see it, answered on the server (the productPage function, behind a Hosting rewrite): `?id=<id>`. */
export const PRODUCT_PAGE_PATH = '/product-page.json';
