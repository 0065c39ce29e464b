export { OrderHistory } from './components/OrderHistory';
export { OrderLineItems } from './components/OrderLineItems';
export { OrderStatusBadge } from './components/OrderStatusBadge';
export { OrderTotalsList } from './components/OrderTotalsList';
export { useGetOrderablesQuery } from './ordersApi';
