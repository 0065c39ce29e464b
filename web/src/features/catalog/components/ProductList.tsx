import { lazy, memo, Suspense, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { LayoutGrid, List, ListPlus } from 'lucide-react';
import { isSoldOut, lowestUnitPrice, smallestValidQuantity, type Product } from '@harbor/domain';
import { paths } from '../../../config';
import { RepeatedIcon } from '../../../components/RepeatedIcons';
import { ProductPrice } from '../../../components/ProductPrice';
import { Spinner } from '../../../components/Spinner';
import type { CatalogView } from '../catalogView';
import { useAddToCart } from '../../../lib/cart/useAddToCart';
import { ProductImage } from './ProductImage';
import { StockStatus } from './StockStatus';

/** Grid or list, as two pressed/unpressed buttons. */
export function ViewToggle({ view, onChange }: { view: CatalogView; onChange: (view: CatalogView) => void }) {
  return (
    <div className="view-toggle" role="group" aria-label="Show products as">
      <button type="button" className="button secondary small" aria-pressed={view === 'grid'} onClick={() => onChange('grid')}>
        <LayoutGrid size={16} aria-hidden="true" /> Grid
      </button>
      <button type="button" className="button secondary small" aria-pressed={view === 'list'} onClick={() => onChange('list')}>
        <List size={16} aria-hidden="true" /> List
      </button>
    </div>
  );
}

// Loaded when a buyer first saves from a row: the catalog's first load does not carry the lists.
const AddToList = lazy(() => import('../../../components/AddToList').then((module) => ({ default: module.AddToList })));

function packText(product: Product): string {
  const smallest = smallestValidQuantity(product);
  if (product.packSize > 1) return `Packs of ${product.packSize}${smallest > product.packSize ? `, min. ${smallest}` : ''}`;
  return smallest > 1 ? `Min. ${smallest}` : 'Single units';
}

interface RowProps {
  product: Product;
  /** Adds the row's quantity; true when it was added. */
  onAdd: (product: Product, quantity: number) => boolean;
  /** Enter on this row added its quantity: the next row's quantity takes the focus. */
  onAdded: (row: HTMLElement) => void;
}

function ProductRow({ product, onAdd, onAdded }: RowProps) {
  const smallest = smallestValidQuantity(product);
  const [text, setText] = useState(String(smallest));
  const soldOut = isSoldOut(product);
  const inputId = `list-quantity-${product.id}`;
  const [savingToList, setSavingToList] = useState(false);
  // The row's quantity goes on the list; anything that is not one yet, the smallest orderable.
  const typed = Number(text);
  const listQuantity = Number.isInteger(typed) && typed >= smallest ? typed : smallest;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (onAdd(product, Number(text))) onAdded(event.currentTarget);
  }

  return (
    <li className="product-row" data-scroll-anchor={product.id}>
      <ProductImage src={product.imageUrl} size={64} />
      <div className="product-row-name">
        <Link to={paths.product(product.id)}>{product.name}</Link>
        <span className="muted small">
          <span className="product-sku">{product.sku}</span> · {product.unit} · {packText(product)}
        </span>
      </div>
      <ProductPrice productId={product.id} price={product.price} fromPrice={lowestUnitPrice(product)} />
      <StockStatus product={product} />
      <form className="product-row-add" onSubmit={handleSubmit} noValidate aria-label={`Add ${product.name}`}>
        <label htmlFor={inputId} className="visually-hidden">
          Quantity of {product.name}
        </label>
        <input
          id={inputId}
          className="product-row-quantity"
          type="number"
          inputMode="numeric"
          min={smallest}
          step={product.packSize}
          value={text}
          onChange={(event) => setText(event.target.value)}
          disabled={soldOut}
          data-row-quantity=""
        />
        <button type="submit" className="button small" disabled={soldOut}>
          <RepeatedIcon name="cart" size={16} /> Add<span className="visually-hidden"> {product.name}</span>
        </button>
        <button
          type="button"
          className="button secondary small"
          aria-expanded={savingToList}
          // "Save <product>": the catalog's own "List" (the view toggle) stays the only button so named.
          aria-label={`Save ${product.name}`}
          title="Save to list"
          onClick={() => setSavingToList((open) => !open)}
        >
          <ListPlus size={16} aria-hidden="true" />
        </button>
      </form>
      {savingToList && (
        <div className="product-row-list">
          <Suspense fallback={<Spinner label="Loading your lists" />}>
            <AddToList lines={[{ productId: product.id, quantity: listQuantity }]} what={`${listQuantity} × ${product.name}`} startOpen onClose={() => setSavingToList(false)} />
          </Suspense>
        </div>
      )}
    </li>
  );
}

/**
 * The dense list: one row per product with a quantity and "Add", so a buyer adds many products
 * without leaving the page. Enter adds a row and moves on to the next row's quantity; the polite
 * live region says what was added.
 */
export const ProductList = memo(function ProductList({ products }: { products: Product[] }) {
  const addToCart = useAddToCart();
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLUListElement>(null);

  function add(product: Product, quantity: number): boolean {
    const added = addToCart(product, quantity);
    if (added) setAnnouncement(`Added ${quantity} × ${product.name} to your cart.`);
    return added;
  }

  function focusNext(form: HTMLElement) {
    const inputs = [...(listRef.current?.querySelectorAll<HTMLInputElement>('input[data-row-quantity]:not(:disabled)') ?? [])];
    const current = inputs.findIndex((input) => form.contains(input));
    const next = inputs[current + 1];
    if (next) {
      next.focus();
      next.select();
    }
  }

  return (
    <>
      <ul className="product-list" ref={listRef} aria-label="Products">
        {products.map((product) => (
          <ProductRow key={product.id} product={product} onAdd={add} onAdded={focusNext} />
        ))}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </>
  );
});
