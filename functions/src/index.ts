export { mergeCart } from './mergeCart';
