export { mergeCart } from './mergeCart';
export { placeOrder } from './placeOrder';
