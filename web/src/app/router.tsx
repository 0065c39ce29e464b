import { lazy, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { paths, patterns } from '../config/paths';
import type { StaffPermission } from '@harbor/domain';
import { RequireAuth, RequirePermission, RequireStaff } from '../features/auth';
import { Layout } from './layout/Layout';

type PageModule = { default: ComponentType };

/**
 * A page in a chunk of its own (`module`: its file's name, which names the chunk in the build's
 * manifest), which the layout shows a spinner for while it loads, and which `preloadPageAt` can
 * load before the first render. A page whose code is already here renders at
 * once: React's lazy takes a module handed to it synchronously (a settled promise would make it
 * suspend for a moment all the same, and React 19 then holds the page back up to 300 ms more, to
 * reveal suspended content in batches). `leadsTo` names the pages its action opens (checkout: the
 * order's confirmation), whose code loads once this page's has, so that page shows as soon as the
 * server has answered rather than after its own code.
 */
function lazyPage(module: string, load: () => Promise<PageModule>, leadsTo: () => { preload: () => Promise<unknown> }[] = () => []) {
  let loaded: PageModule | undefined;
  const preload = () =>
    load().then((loadedModule) => {
      loaded = loadedModule;
      // One that fails to load here loads again when it is opened.
      for (const next of leadsTo()) next.preload().catch(() => undefined);
      return loadedModule;
    });
  const Page = lazy(() => (loaded ? ({ then: (resolve: (module: PageModule) => void) => resolve(loaded!) } as Promise<PageModule>) : preload()));
  return Object.assign(Page, { preload, module });
}

type LazyPage = ReturnType<typeof lazyPage>;

/** The lazy pages the path routes to. */
function lazyPagesAt(pathname: string): LazyPage[] {
  const elements = (matchRoutes(routes, pathname) ?? []).map((match) => match.route.element as ReactElement | undefined);
  return elements.flatMap((element) => (element && typeof element.type === 'object' && 'preload' in element.type ? [element.type as LazyPage] : []));
}

// Every page is its own chunk.
const HomePage = lazyPage('HomePage', () => import('../features/catalog/pages/HomePage'));
const ProductPage = lazyPage('ProductPage', () => import('../features/catalog/pages/ProductPage'));
const LoginPage = lazyPage('LoginPage', () => import('../features/auth/pages/LoginPage'));
const RegisterPage = lazyPage('RegisterPage', () => import('../features/auth/pages/RegisterPage'));
const ProfilePage = lazyPage('ProfilePage', () => import('./pages/ProfilePage'));
const ListsPage = lazyPage('ListsPage', () => import('../features/lists/pages/ListsPage'));
const QuotesPage = lazyPage('QuotesPage', () => import('../features/quotes/pages/QuotesPage'));
const QuotePage = lazyPage('QuotePage', () => import('../features/quotes/pages/QuotePage'));
const ReturnsPage = lazyPage('ReturnsPage', () => import('../features/returns/pages/ReturnsPage'));
const ReturnPage = lazyPage('ReturnPage', () => import('../features/returns/pages/ReturnPage'));
const AcceptQuotePage = lazyPage('AcceptQuotePage', () => import('../features/quotes/pages/AcceptQuotePage'), () => [OrderConfirmationPage]);
const CartPage = lazyPage('CartPage', () => import('../features/cart/pages/CartPage'));
const CheckoutPage = lazyPage('CheckoutPage', () => import('../features/checkout/pages/CheckoutPage'), () => [OrderConfirmationPage]);
const OrderConfirmationPage = lazyPage('OrderConfirmationPage', () => import('../features/orders/pages/OrderConfirmationPage'));
const AdminDashboardPage = lazyPage('AdminDashboardPage', () => import('../features/admin/pages/AdminDashboardPage'));
const AdminProductsPage = lazyPage('AdminProductsPage', () => import('../features/admin/pages/AdminProductsPage'));
const AdminProductFormPage = lazyPage('AdminProductFormPage', () => import('../features/admin/pages/AdminProductFormPage'));
const AdminProductImportsPage = lazyPage('AdminProductImportsPage', () => import('../features/admin/pages/AdminProductImportsPage'));
const AdminOrdersPage = lazyPage('AdminOrdersPage', () => import('../features/admin/pages/AdminOrdersPage'));
const AdminReturnsPage = lazyPage('AdminReturnsPage', () => import('../features/admin/pages/AdminReturnsPage'));
const AdminReturnPage = lazyPage('AdminReturnPage', () => import('../features/admin/pages/AdminReturnPage'));
const AdminToShipPage = lazyPage('AdminToShipPage', () => import('../features/admin/pages/AdminToShipPage'));
const AdminCustomersPage = lazyPage('AdminCustomersPage', () => import('../features/admin/pages/AdminCustomersPage'));
const AdminCustomerPage = lazyPage('AdminCustomerPage', () => import('../features/admin/pages/AdminCustomerPage'));
const AdminQuotesPage = lazyPage('AdminQuotesPage', () => import('../features/admin/pages/AdminQuotesPage'));
const AdminQuotePage = lazyPage('AdminQuotePage', () => import('../features/admin/pages/AdminQuotePage'));
const AdminNewQuotePage = lazyPage('AdminNewQuotePage', () => import('../features/admin/pages/AdminNewQuotePage'));
const AdminStaffPage = lazyPage('AdminStaffPage', () => import('../features/admin/pages/AdminStaffPage'));
const AdminAuditPage = lazyPage('AdminAuditPage', () => import('../features/admin/pages/AdminAuditPage'));
const AdminReceivablesPage = lazyPage('AdminReceivablesPage', () => import('../features/admin/pages/AdminReceivablesPage'));
const AdminIntegrationsPage = lazyPage('AdminIntegrationsPage', () => import('../features/admin/pages/AdminIntegrationsPage'));
const NotFoundPage = lazyPage('NotFoundPage', () => import('./pages/NotFoundPage'));

/** A back-office page for the roles that may do any of `permissions` (domain/src/staff.ts). */
function staffPage(path: string, permissions: StaffPermission[], page: ReactElement): RouteObject {
  return { path, element: <RequirePermission permissions={permissions}>{page}</RequirePermission> };
}

const routes: RouteObject[] = [
  {
    // Layout renders every page inside an error boundary, so a failure keeps the frame usable.
    element: <Layout />,
    children: [
      { path: patterns.home, element: <HomePage /> },
      { path: patterns.login, element: <LoginPage /> },
      { path: patterns.register, element: <RegisterPage /> },
      { path: patterns.product, element: <ProductPage /> },
      { path: patterns.cart, element: <CartPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: patterns.profile, element: <ProfilePage /> },
          { path: patterns.lists, element: <ListsPage /> },
          { path: patterns.quotes, element: <QuotesPage /> },
          { path: patterns.quote, element: <QuotePage /> },
          { path: patterns.acceptQuote, element: <AcceptQuotePage /> },
          { path: patterns.returns, element: <ReturnsPage /> },
          { path: patterns.return, element: <ReturnPage /> },
          { path: patterns.checkout, element: <CheckoutPage /> },
          { path: patterns.orderConfirmation, element: <OrderConfirmationPage /> },
          {
            element: <RequireStaff />,
            children: [
              { path: patterns.admin, element: <Navigate to={paths.adminDashboard} replace /> },
              { path: patterns.adminDashboard, element: <AdminDashboardPage /> },
              staffPage(patterns.adminProducts, ['products.edit', 'stock.adjust'], <AdminProductsPage />),
              staffPage(patterns.adminNewProduct, ['products.edit'], <AdminProductFormPage />),
              staffPage(patterns.adminEditProduct, ['products.edit'], <AdminProductFormPage />),
              staffPage(patterns.adminProductImports, ['products.edit'], <AdminProductImportsPage />),
              staffPage(patterns.adminOrders, ['orders.read', 'orders.readAssigned'], <AdminOrdersPage />),
              staffPage(patterns.adminReturns, ['orders.read', 'orders.readAssigned'], <AdminReturnsPage />),
              staffPage(patterns.adminReturn, ['orders.read', 'orders.readAssigned'], <AdminReturnPage />),
              staffPage(patterns.adminToShip, ['orders.fulfil'], <AdminToShipPage />),
              staffPage(patterns.adminCustomers, ['companies.read', 'companies.readAssigned'], <AdminCustomersPage />),
              staffPage(patterns.adminCustomer, ['companies.read', 'companies.readAssigned'], <AdminCustomerPage />),
              staffPage(patterns.adminQuotes, ['quotes.respond'], <AdminQuotesPage />),
              staffPage(patterns.adminNewQuote, ['quotes.respond'], <AdminNewQuotePage />),
              staffPage(patterns.adminQuote, ['quotes.respond'], <AdminQuotePage />),
              staffPage(patterns.adminStaff, ['staff.manage'], <AdminStaffPage />),
              staffPage(patterns.adminAudit, ['audit.read'], <AdminAuditPage />),
              staffPage(patterns.adminReceivables, ['payments.record', 'companies.read'], <AdminReceivablesPage />),
              staffPage(patterns.adminIntegrations, ['integrations.manage'], <AdminIntegrationsPage />),
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Loads the code of the pages the path routes to, so the first render shows the page at once: in
 * the browser before it renders or hydrates (main.tsx), on the server before it renders
 * (server.tsx).
 */
export function preloadPageAt(pathname: string): Promise<unknown> {
  return Promise.all(lazyPagesAt(pathname).map((page) => page.preload()));
}

/** The file names (without extension) of the page modules the path routes to, e.g. "HomePage". */
export function pageModulesAt(pathname: string): string[] {
  return lazyPagesAt(pathname).map((page) => page.module);
}

/** Whether `pathname` routes to the not-found page (the server answers it with 404). */
export function isNotFoundPath(pathname: string): boolean {
  return matchRoutes(routes, pathname)?.at(-1)?.route.path === '*';
}

/**
 * The routes under a <BrowserRouter>. The shop needs no loaders or actions, so it uses React
 * Router's declarative mode, which is about 16 KB gzip lighter than a data router.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
