import { formatMoney, smallestValidQuantity, type Product } from '@harbor/domain';

/** Volume pricing: the unit price each quantity band reaches; the band of the chosen quantity is marked. */
export function TierTable({ product, quantity }: { product: Product; quantity: number }) {
  const tiers = [...product.tiers].sort((a, b) => a.minQty - b.minQty);
  if (tiers.length === 0) return <p className="muted small">One unit price at any quantity.</p>;
  const smallest = smallestValidQuantity(product);
  const rows = tiers[0]!.minQty > smallest ? [{ minQty: smallest, price: product.price }, ...tiers] : tiers;
  return (
    <table className="tier-table">
      <caption>Volume pricing</caption>
      <thead>
        <tr>
          <th scope="col">Quantity</th>
          <th scope="col">Unit price</th>
          <th scope="col">You save</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => {
          const next = rows[index + 1];
          const reached = quantity >= row.minQty && (!next || quantity < next.minQty);
          const saving = Math.round((1 - row.price / product.price) * 100);
          return (
            <tr key={row.minQty} className={reached ? 'reached' : undefined} aria-current={reached ? 'true' : undefined}>
              <td>
                {next ? `${row.minQty}–${next.minQty - 1}` : `${row.minQty}+`}
                {reached && <span className="visually-hidden"> (your quantity)</span>}
              </td>
              <td>{formatMoney(row.price)}</td>
              <td>{saving > 0 ? `${saving}%` : '–'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
