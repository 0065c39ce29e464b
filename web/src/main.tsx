import { startShop } from './app/startShop';
import { SHOP_STARTED_EVENT } from './lib/deferredModules';
import './app/styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) {
  throw new Error('Harbor Wholesale cannot start: the root element <div id="root"> is missing from the page.');
}
// Once React has the page, a page rendered on the server gets the taps made before (src/boot.ts).
void startShop(rootElement).then(() => document.dispatchEvent(new Event(SHOP_STARTED_EVENT)));
