import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Trash2 } from 'lucide-react';
import { describeQuantityProblem, formatMoney, lineLimit, orderableStock, orderSplitText, quantityProblem, SHOP_RULES, type Orderable, type PricedCartLine } from '@harbor/domain';
import { QuantityField } from '../../../components/QuantityField';
import { paths } from '../../../config';
import { itemRemoved, quantityUpdated } from '../../../lib/cart';
import { useAppDispatch } from '../../../lib/hooks';

interface CartLineProps {
  line: PricedCartLine;
  /** Today's product, or undefined while prices load or when it is no longer sold. */
  product: Orderable | undefined;
  pricesLoading: boolean;
}

/**
 * One cart line at today's price. The quantity can be typed (it goes into the cart on Enter or when
 * the box loses focus) or stepped; a typed quantity that breaks a rule is explained on the field
 * and the cart keeps its last valid quantity (nothing is changed silently). A product no longer sold, or a quantity the stock cannot cover, is marked
 * with a one-click fix.
 */
export function CartLine({ line, product, pricesLoading }: CartLineProps) {
  const { item, state } = line;
  const id = useId();
  const dispatch = useAppDispatch();
  const [text, setText] = useState(String(item.quantity));
  // The field follows changes made elsewhere (another tab, the sign-in merge, a fix button).
  const [shownQuantity, setShownQuantity] = useState(item.quantity);
  if (shownQuantity !== item.quantity) {
    setShownQuantity(item.quantity);
    setText(String(item.quantity));
  }
  // A backorderable product has no stock limit: what the shelf lacks waits on backorder.
  const rules = { minOrderQty: product?.minOrderQty ?? item.minOrderQty, packSize: product?.packSize ?? item.packSize, stock: product && orderableStock(product) };
  const typed = Number(text);
  const problemKind = text.trim() === '' ? 'not-integer' : quantityProblem(typed, rules);
  const problem = problemKind ? (rules.stock !== undefined && rules.stock <= 0 ? 'Out of stock.' : describeQuantityProblem(problemKind, rules)) : null;
  const split = product && !pricesLoading && state.kind === 'ok' ? orderSplitText(item.quantity, product) : null;
  const fix = state.kind === 'quantity' ? state.fix : undefined;

  /** Puts a valid quantity into the cart; an invalid one stays in the box with its message. */
  function commit(next: string) {
    const quantity = Number(next);
    if (next.trim() !== '' && quantity !== item.quantity && quantityProblem(quantity, rules) === null) {
      dispatch(quantityUpdated({ id: item.id, quantity }));
    }
  }
  // A typed quantity goes into the cart when the buyer is done typing (a half-typed "6" of "60"
  // is never saved); a button's quantity at once.
  function changeQuantity(next: string, how: 'typed' | 'picked') {
    setText(next);
    if (how === 'picked') commit(next);
  }
  // A quantity typed but not yet committed still goes into the cart when the line goes away (the
  // buyer follows a link or leaves the page without leaving the box first).
  const commitTyped = useRef(() => {});
  useEffect(() => {
    commitTyped.current = () => commit(text);
  });
  useEffect(() => () => commitTyped.current(), []);
  const remove = () => dispatch(itemRemoved(item.id));

  return (
    <li className={`cart-line${state.kind === 'ok' ? '' : ' needs-attention'}`}>
      <img src={item.imageUrl} alt="" width="72" height="72" loading="lazy" />
      <div className="cart-line-info">
        <Link to={paths.product(item.id)} className="cart-line-name">
          {item.name}
        </Link>
        <span className="muted small">
          SKU {item.sku} · {item.unit}
        </span>
        {pricesLoading ? (
          <span className="small muted">Checking price…</span>
        ) : line.unitPrice === null ? (
          <span className="line-status unavailable" role="status">
            No longer available.{' '}
            <button type="button" className="link-button" onClick={remove}>
              Remove it
            </button>
          </span>
        ) : (
          <span className="small">{formatMoney(line.unitPrice)} each</span>
        )}
        {split && <span className="backorder-split">{split}</span>}
        {fix === 0 && (
          <span className="line-status" role="status">
            <button type="button" className="link-button" onClick={remove}>
              Remove it
            </button>
          </span>
        )}
      </div>
      {/* One row on a phone (styles.css); two columns of the line's grid on a wide screen. */}
      <div className="cart-line-amounts">
        {line.unitPrice === null && !pricesLoading ? (
          <span />
        ) : (
          <QuantityField
            id={`${id}-quantity`}
            label={`Quantity of ${item.name}`}
            labelHidden
            text={text}
            onChange={changeQuantity}
            onCommit={() => commit(text)}
            rules={rules}
            maximum={product ? lineLimit(product) : SHOP_RULES.maxQuantityPerLine}
            problem={problem}
            suggestion={fix}
          />
        )}
        {/* A changed price is noted under the line's total, in the room the quantity's row has: beside
            the unit price it would take another line on a phone and move the page once prices arrive. */}
        <span className="cart-line-total">
          <strong>{pricesLoading || line.unitPrice === null ? '—' : formatMoney(line.lineTotal)}</strong>
          {!pricesLoading && line.priceWhenAdded !== null && <span className="price-changed">Price changed from {formatMoney(line.priceWhenAdded)}</span>}
        </span>
      </div>
      <button type="button" className="icon-button" aria-label={`Remove ${item.name}`} onClick={remove}>
        <Trash2 size={18} aria-hidden="true" />
      </button>
    </li>
  );
}
