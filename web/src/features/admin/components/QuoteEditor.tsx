import { useId, useMemo, useState, type FormEvent } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { BUYER_PRICE_BASIS_LABELS, buyerPrice, formatMoney, parseMoney, type ContractPricing, type Quote } from '@harbor/domain';
import { FieldShell } from '../../../components/FieldShell';
import { TextAreaField } from '../../../components/TextAreaField';
import { OrderTotalsList } from '../../../components/order/OrderTotalsList';
import { QuoteLineProduct } from '../../../components/quotes/QuoteLines';
import { useGetOrderablesQuery, useLazyGetProductsBySkuQuery } from '../../../lib/cart/productsApi';
import { checkEditor, editorTotals, editorValuesOf, lineQuantity, withPricesNow, type EditorLine, type EditorProblems, type QuoteAnswer } from '../quoteEditor';

interface QuoteEditorProps {
  /** The quote answered (its lines and date fill the editor), or null for a new one. */
  quote: Pick<Quote, 'lines' | 'validUntil'> | null;
  /** The tax rate of the company's default address, which the quote's totals are given for. */
  taxRateBasisPoints: number;
  /** The company's contract prices (null for none): each line shows the customer's price now and is offered at it until a price is typed. */
  contract: ContractPricing | null;
  submitLabel: string;
  busy: boolean;
  /** Sends the checked answer; the editor keeps what was typed whatever the outcome. */
  onSubmit: (answer: QuoteAnswer) => void;
  /** For tests: the time validity is judged against. */
  now?: () => number;
}

const NO_PROBLEMS: EditorProblems = { lines: {} };

interface LineInputProps {
  label: string;
  className: string;
  inputMode: 'numeric' | 'decimal';
  value: string;
  problem: string | undefined;
  onChange: (value: string) => void;
}

/** A line's quantity or unit price, labelled for screen readers (the column heading shows it). */
function LineInput({ label, problem, onChange, ...inputProps }: LineInputProps) {
  return (
    <FieldShell label={label} hideLabel className="quote-editor-cell" error={problem ? { type: 'validate', message: problem } : undefined}>
      {(control) => <input {...control} {...inputProps} onChange={(event) => onChange(event.target.value)} />}
    </FieldShell>
  );
}

/** Adds a product by its SKU, at the quantity asked. */
function AddLine({ onAdd, has }: { onAdd: (line: EditorLine) => void; has: (productId: string) => boolean }) {
  const id = useId();
  const [sku, setSku] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [lookUp, { isFetching }] = useLazyGetProductsBySkuQuery();

  async function add() {
    const wanted = sku.trim().toUpperCase();
    if (!wanted) return setProblem('Enter a SKU.');
    const result = await lookUp([wanted]);
    if (result.error) return setProblem('The product could not be looked up. Please try again.');
    const product = result.data?.find((each) => each.sku.toUpperCase() === wanted);
    if (!product) return setProblem(`No product is sold with SKU ${wanted}.`);
    if (has(product.id)) return setProblem(`${product.name} is already on the quote.`);
    onAdd({ productId: product.id, sku: product.sku, name: product.name, unit: product.unit, quantity: String(Math.max(product.minOrderQty, 1)), unitPrice: null });
    setSku('');
    setProblem(null);
  }

  return (
    <div className="quote-add-line">
      <label htmlFor={`${id}-sku`}>Add a product by SKU</label>
      <div className="quote-add-line-row">
        <input
          id={`${id}-sku`}
          value={sku}
          placeholder="OFF-1001"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setSku(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void add();
            }
          }}
        />
        <button type="button" className="button secondary small" onClick={() => void add()} disabled={isFetching}>
          <Plus size={16} aria-hidden="true" /> {isFetching ? 'Looking up…' : 'Add line'}
        </button>
      </div>
      {problem && (
        <small id={`${id}-problem`} className="field-error" role="alert">
          {problem}
        </small>
      )}
    </div>
  );
}

/**
 * The shop's answer to a quote: a unit price (dollars) and quantity per line, lines removed or
 * added, the day it holds until and a message; the totals follow as it is typed. Beside each
 * line's list price stands what the customer pays for it now (contract or volume tier), which a
 * line not yet priced is offered at.
 */
export function QuoteEditor({ quote, taxRateBasisPoints, contract, submitLabel, busy, onSubmit, now = Date.now }: QuoteEditorProps) {
  const id = useId();
  const [values, setValues] = useState(() => editorValuesOf(quote, now()));
  const [problems, setProblems] = useState<EditorProblems>(NO_PROBLEMS);
  const productIds = useMemo(() => [...new Set(values.lines.map((line) => line.productId))].sort(), [values.lines]);
  const { data: products } = useGetOrderablesQuery(productIds);
  const priceNow = (line: EditorLine) => {
    const product = products?.[line.productId];
    return product ? buyerPrice(product, lineQuantity(line) ?? 0, contract) : null;
  };
  const lines = withPricesNow(values.lines, (line) => priceNow(line)?.unitPrice ?? null);
  const totals = editorTotals(lines, taxRateBasisPoints);

  const setLine = (productId: string, change: Partial<EditorLine>) =>
    setValues((current) => ({ ...current, lines: current.lines.map((line) => (line.productId === productId ? { ...line, ...change } : line)) }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkEditor({ ...values, lines }, now());
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    setProblems(NO_PROBLEMS);
    onSubmit(checked.answer);
  }

  return (
    <form className="card quote-editor" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Prices</h2>
      {lines.length > 0 && (
        <div className="table-scroll">
          <table className="admin-table quote-editor-table">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col" className="numeric">
                  List price
                </th>
                <th scope="col" className="numeric">
                  Customer&rsquo;s price
                </th>
                <th scope="col">Quantity</th>
                <th scope="col">Unit price ($)</th>
                <th scope="col" className="numeric">
                  Line total
                </th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => {
                const lineProblems = problems.lines[line.productId] ?? {};
                const unitPrice = parseMoney(line.unitPrice ?? '');
                const quantity = Number(line.quantity);
                const listPrice = products?.[line.productId]?.price;
                const customerPrice = priceNow(line);
                return (
                  <tr key={line.productId}>
                    <QuoteLineProduct line={line} />
                    <td className="numeric">{listPrice === undefined ? '—' : formatMoney(listPrice)}</td>
                    <td className="numeric">
                      {customerPrice ? (
                        <>
                          {formatMoney(customerPrice.unitPrice)}
                          <span className="sku">{BUYER_PRICE_BASIS_LABELS[customerPrice.basis]}</span>
                        </>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td>
                      <LineInput label={`Quantity of ${line.name}`} className="quote-editor-quantity" inputMode="numeric" value={line.quantity} problem={lineProblems.quantity} onChange={(quantity) => setLine(line.productId, { quantity })} />
                    </td>
                    <td>
                      <LineInput
                        label={`Unit price of ${line.name} in dollars`}
                        className="quote-editor-price"
                        inputMode="decimal"
                        value={line.unitPrice ?? ''}
                        problem={lineProblems.unitPrice}
                        onChange={(unitPrice) => setLine(line.productId, { unitPrice })}
                      />
                    </td>
                    <td className="numeric">{unitPrice !== null && Number.isInteger(quantity) && quantity > 0 ? formatMoney(unitPrice * quantity) : '—'}</td>
                    <td>
                      <button
                        type="button"
                        className="icon-button danger"
                        aria-label={`Remove ${line.name || line.productId}`}
                        onClick={() => setValues((current) => ({ ...current, lines: current.lines.filter((each) => each.productId !== line.productId) }))}
                      >
                        <Trash2 size={16} aria-hidden="true" />
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {problems.quote && (
        <p className="field-error" role="alert">
          {problems.quote}
        </p>
      )}
      <AddLine onAdd={(line) => setValues((current) => ({ ...current, lines: [...current.lines, line] }))} has={(productId) => values.lines.some((line) => line.productId === productId)} />
      <div className="summary quote-totals">
        <OrderTotalsList totals={totals} taxRateBasisPoints={taxRateBasisPoints} />
      </div>
      <p className="muted small">Shipping and tax for the company's default address; the buyer's choice of address when accepting sets them.</p>
      <FieldShell label="Valid until" error={problems.validUntil ? { type: 'validate', message: problems.validUntil } : undefined}>
        {(control) => <input {...control} type="date" value={values.validUntil} onChange={(event) => setValues((current) => ({ ...current, validUntil: event.target.value }))} />}
      </FieldShell>
      <TextAreaField
        label="Message to the buyer (optional)"
        rows={3}
        maxLength={2000}
        value={values.message}
        onChange={(message) => setValues((current) => ({ ...current, message }))}
      />
      {Object.keys(problems.lines).length > 0 && (
        <p className="field-error" role="alert">
          Some lines need a valid quantity and unit price.
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Sending…' : submitLabel}
      </button>
    </form>
  );
}
