import { startShop } from './app/startShop';
import './app/styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) {
  throw new Error('Harbor Wholesale cannot start: the root element <div id="root"> is missing from the page.');
}
void startShop(rootElement);
