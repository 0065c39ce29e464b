import { lazy } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { paths, patterns } from '../config/paths';
import { RequireAdmin, RequireAuth } from '../features/auth';
import { Layout } from './layout/Layout';

// Every page is its own chunk; the layout shows a spinner while one loads.
const HomePage = lazy(() => import('../features/catalog/pages/HomePage'));
const ProductPage = lazy(() => import('../features/catalog/pages/ProductPage'));
const LoginPage = lazy(() => import('../features/auth/pages/LoginPage'));
const RegisterPage = lazy(() => import('../features/auth/pages/RegisterPage'));
const ProfilePage = lazy(() => import('./pages/ProfilePage'));
const ListsPage = lazy(() => import('../features/lists/pages/ListsPage'));
const CartPage = lazy(() => import('../features/cart/pages/CartPage'));
const CheckoutPage = lazy(() => import('../features/checkout/pages/CheckoutPage'));
const OrderConfirmationPage = lazy(() => import('../features/orders/pages/OrderConfirmationPage'));
const AdminDashboardPage = lazy(() => import('../features/admin/pages/AdminDashboardPage'));
const AdminProductsPage = lazy(() => import('../features/admin/pages/AdminProductsPage'));
const AdminProductFormPage = lazy(() => import('../features/admin/pages/AdminProductFormPage'));
const AdminOrdersPage = lazy(() => import('../features/admin/pages/AdminOrdersPage'));
const AdminCustomersPage = lazy(() => import('../features/admin/pages/AdminCustomersPage'));
const AdminCustomerPage = lazy(() => import('../features/admin/pages/AdminCustomerPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

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
          { path: patterns.checkout, element: <CheckoutPage /> },
          { path: patterns.orderConfirmation, element: <OrderConfirmationPage /> },
          {
            element: <RequireAdmin />,
            children: [
              { path: patterns.admin, element: <Navigate to={paths.adminDashboard} replace /> },
              { path: patterns.adminDashboard, element: <AdminDashboardPage /> },
              { path: patterns.adminProducts, element: <AdminProductsPage /> },
              { path: patterns.adminNewProduct, element: <AdminProductFormPage /> },
              { path: patterns.adminEditProduct, element: <AdminProductFormPage /> },
              { path: patterns.adminOrders, element: <AdminOrdersPage /> },
              { path: patterns.adminCustomers, element: <AdminCustomersPage /> },
              { path: patterns.adminCustomer, element: <AdminCustomerPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The routes under a <BrowserRouter>. The shop needs no loaders or actions, so it uses React
 * Router's declarative mode, which is about 16 KB gzip lighter than a data router.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
