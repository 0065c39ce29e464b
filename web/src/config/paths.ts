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
  quotes: '/quotes',
  quote: '/quotes/:quoteId',
  acceptQuote: '/quotes/:quoteId/accept',
  returns: '/returns',
  return: '/returns/:returnId',
  checkout: '/checkout',
  orderConfirmation: '/order-confirmation/:orderId',
  admin: '/admin',
  adminDashboard: '/admin/dashboard',
  adminProducts: '/admin/products',
  adminNewProduct: '/admin/products/new',
  adminEditProduct: '/admin/products/edit/:id',
  /** The latest imports, or one import with its id. */
  adminProductImports: '/admin/products/imports/:jobId?',
  adminOrders: '/admin/orders',
  adminToShip: '/admin/to-ship',
  adminCustomers: '/admin/customers',
  adminQuotes: '/admin/quotes',
  adminNewQuote: '/admin/quotes/new',
  adminQuote: '/admin/quotes/:quoteId',
  adminReturns: '/admin/returns',
  adminReturn: '/admin/returns/:returnId',
  adminIntegrations: '/admin/integrations',
  adminCustomer: '/admin/customers/:companyId',
  adminStaff: '/admin/staff',
  adminAudit: '/admin/audit',
  adminReceivables: '/admin/receivables',
} as const;

/** The list of a build's asset files (web/vite.config.ts), which the next deploy keeps (scripts/keep-live-assets.ts). */
export const ASSET_LIST_FILE = 'assets.json';
/** Names the build's boot script (src/boot.ts), which the server renderer gives its pages. */
export const BOOT_SCRIPT_FILE = 'boot.json';

/** The static app shell's file in the build (web/vite.config.ts). */
export const APP_SHELL_FILE = 'app.html';

/**
 * The pages served from the static app shell (`/app.html`, a Hosting rewrite for each in
 * firebase.json) and rendered in the browser alone: they show the signed-in user's own data, or
 * forms. Every other path (the catalog, a product, an unknown path) is rendered on the server
 * (the renderPage function).
 */
export const CLIENT_ONLY_PATHS = ['/cart', '/login', '/register', '/profile', '/lists', '/quotes', '/quotes/**', '/returns', '/returns/**', '/checkout', '/order-confirmation/**', '/admin', '/admin/**'] as const;

/** Whether `pathname` is one of CLIENT_ONLY_PATHS (a `/**` entry covers whatever follows it). */
export function isClientOnlyPath(pathname: string): boolean {
  return CLIENT_ONLY_PATHS.some((path) => (path.endsWith('/**') ? pathname.startsWith(path.slice(0, -2)) : pathname === path));
}

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
  quotes: patterns.quotes,
  quote: (quoteId: string) => `/quotes/${segment(quoteId)}`,
  acceptQuote: (quoteId: string) => `/quotes/${segment(quoteId)}/accept`,
  returns: patterns.returns,
  return: (returnId: string) => `/returns/${segment(returnId)}`,
  checkout: patterns.checkout,
  orderConfirmation: (orderId: string) => `/order-confirmation/${segment(orderId)}`,
  admin: patterns.admin,
  adminDashboard: patterns.adminDashboard,
  adminProducts: patterns.adminProducts,
  adminNewProduct: patterns.adminNewProduct,
  adminEditProduct: (id: string) => `/admin/products/edit/${segment(id)}`,
  adminProductImports: '/admin/products/imports',
  adminProductImport: (jobId: string) => `/admin/products/imports/${segment(jobId)}`,
  adminOrders: patterns.adminOrders,
  adminToShip: patterns.adminToShip,
  adminCustomers: patterns.adminCustomers,
  adminQuotes: patterns.adminQuotes,
  /** The new-quote form, for a company when one is given (from its customer page). */
  adminNewQuote: (companyId?: string) => (companyId ? `/admin/quotes/new?${new URLSearchParams({ company: companyId }).toString()}` : '/admin/quotes/new'),
  adminQuote: (quoteId: string) => `/admin/quotes/${segment(quoteId)}`,
  adminReturns: patterns.adminReturns,
  adminReturn: (returnId: string) => `/admin/returns/${segment(returnId)}`,
  adminIntegrations: patterns.adminIntegrations,
  adminCustomer: (companyId: string) => `/admin/customers/${segment(companyId)}`,
  adminStaff: patterns.adminStaff,
  adminAudit: patterns.adminAudit,
  adminReceivables: patterns.adminReceivables,
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

/**
 * The sitemap index of the catalog and its sitemaps (the sitemap function, behind Hosting rewrites):
 * the pages (home and categories), then the products, at most 50,000 to a file.
 */
export const SITEMAP_PATH = '/sitemap.xml';
export const SITEMAPS_FOLDER = '/sitemaps/';
export const PAGES_SITEMAP_PATH = `${SITEMAPS_FOLDER}pages.xml`;
export const productsSitemapPath = (number: number): string => `${SITEMAPS_FOLDER}products-${number}.xml`;
