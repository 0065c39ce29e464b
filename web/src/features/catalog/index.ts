export { QuickOrder } from './components/QuickOrder';
