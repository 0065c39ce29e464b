export { mergeCart } from './mergeCart';
export { saveProduct } from './saveProduct';
export { deleteProduct } from './deleteProduct';
export { updateOrderStatus } from './updateOrderStatus';
export { placeOrder } from './placeOrder';
export { scheduleSearchIndex } from './searchIndex';
export { countPurchases } from './purchaseSummary';
