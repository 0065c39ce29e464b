export { mergeCart } from './mergeCart';
export { saveProduct } from './saveProduct';
export { deleteProduct } from './deleteProduct';
export { updateOrderStatus } from './updateOrderStatus';
export { placeOrder } from './placeOrder';
export { getOrderDocument } from './orderDocuments';
export { retryMail, sendMail } from './mail/sendMail';
export { importProducts } from './importProducts';
