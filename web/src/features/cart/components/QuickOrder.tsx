import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { CircleCheck, ListPlus } from 'lucide-react';
import { cartItemFor, parseQuickOrder, resolveQuickOrder, type Product, type QuickOrderProblem } from '@harbor/domain';
import { itemAdded, useCart } from '../../../lib/cart';
import { useContractPricing } from '../../../lib/company';
import { useLazyGetProductsBySkuQuery } from '../../../lib/cart/productsApi';
import { useAppDispatch } from '../../../lib/hooks';
import '../cart.css';

const quickOrderRules = () => import('./quickOrderRules');

export interface QuickOrderReport {
  added: { sku: string; name: string; quantity: number }[];
  problems: QuickOrderProblem[];
}

/** What a quick order leaves behind: the lines still to correct and the report of the last add. */
export interface QuickOrderResult {
  text: string;
  report: QuickOrderReport | null;
}

interface QuickOrderProps {
  /** The last result, kept by the page: adding lines swaps the empty cart's layout for the full one. */
  result: QuickOrderResult;
  onResult: (result: QuickOrderResult) => void;
}

/**
 * Quick order: a buyer pastes "SKU quantity" lines and adds them at once. Only the SKUs pasted
 * are read. Valid lines go into the cart; every other line is reported on its own and left in
 * the box to correct.
 */
export function QuickOrder({ result, onResult }: QuickOrderProps) {
  const id = useId();
  const dispatch = useAppDispatch();
  const { items } = useCart();
  const contract = useContractPricing();
  const [lookUpSkus] = useLazyGetProductsBySkuQuery();
  // One text box: its text and error live here rather than in the forms library, which the cart
  // page (a buyer's most visited) would otherwise download before its first view.
  const [text, setText] = useState(result.text);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);

  /** The box's problem, or null; once one is shown, it is checked again as the buyer types. */
  async function problemOf(lines: string): Promise<string | null> {
    const rules = await quickOrderRules().catch(() => null);
    if (!rules) return 'The lines could not be checked: the connection may be down. Please try again.';
    const { quickOrderInputSchema } = rules;
    const checked = quickOrderInputSchema.safeParse({ lines });
    return checked.success ? null : (checked.error.issues[0]?.message ?? 'Check the lines.');
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = await problemOf(text);
    setError(problem);
    if (problem) {
      box.current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await addLines(text);
    } finally {
      setSubmitting(false);
    }
  }

  async function addLines(lines: string) {
    const parsed = parseQuickOrder(lines);
    const skus = [...new Set(parsed.lines.map((line) => line.sku))].sort();
    let found: Product[];
    try {
      found = skus.length > 0 ? await lookUpSkus(skus).unwrap() : [];
    } catch (error) {
      toast.error((error as { message?: string }).message ?? 'The products could not be looked up. Please try again.');
      return;
    }
    const { additions, problems } = resolveQuickOrder(parsed.lines, found, items);
    for (const { product, quantity } of additions) dispatch(itemAdded(cartItemFor(product, quantity, contract)));
    const allProblems = [...parsed.problems, ...problems].sort((a, b) => a.line - b.line);
    const remainingText = allProblems.map((problem) => problem.text).join('\n');
    const added = additions.map(({ product, quantity }) => ({ sku: product.sku, name: product.name, quantity }));
    onResult({ report: { added, problems: allProblems }, text: remainingText });
    setText(remainingText);
    if (added.length > 0) toast.success(`Added ${added.length} ${added.length === 1 ? 'product' : 'products'} to your cart.`);
    else toast.error('Nothing was added: check the lines below.');
  }

  const report = result.report;
  return (
    <section className="card quick-order" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <ListPlus size={20} aria-hidden="true" /> Quick order
      </h2>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-lines`}>SKUs and quantities</label>
          <textarea
            id={`${id}-lines`}
            rows={5}
            spellCheck={false}
            autoCapitalize="characters"
            placeholder={'BEV-1001 12\nSNK-1003, 24'}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            name="lines"
            ref={box}
            value={text}
            // The rules load while the buyer types, so the first check does not wait for them.
            onFocus={() => void quickOrderRules().catch(() => undefined)}
            onChange={(event) => {
              setText(event.target.value);
              if (error) void problemOf(event.target.value).then(setError);
            }}
          />
          <small id={`${id}-hint`} className="hint">
            One product per line: a SKU and a quantity, such as <code>BEV-1001 12</code> or <code>BEV-1001,12</code>. Paste straight from a
            spreadsheet.
          </small>
          {error && (
            <small id={`${id}-error`} className="field-error" role="alert">
              {error}
            </small>
          )}
        </div>
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? 'Adding…' : 'Add to cart'}
        </button>
      </form>
      <div className="quick-order-report" aria-live="polite">
        {report && report.added.length > 0 && (
          <div className="quick-order-added">
            <p>
              <CircleCheck size={18} aria-hidden="true" /> Added {report.added.length} {report.added.length === 1 ? 'line' : 'lines'} to your cart:
            </p>
            <ul>
              {report.added.map((line, index) => (
                <li key={`${line.sku}-${index}`}>
                  {line.quantity} × {line.name} <span className="muted">({line.sku})</span>
                </li>
              ))}
            </ul>
          </div>
        )}
        {report && report.problems.length > 0 && (
          <div className="notice error quick-order-problems">
            <p>
              {report.problems.length} {report.problems.length === 1 ? 'line was' : 'lines were'} not added (left in the box to correct):
            </p>
            <ul aria-label="Lines not added">
              {report.problems.map((problem) => (
                <li key={problem.line}>
                  <strong>Line {problem.line}</strong> <code>{problem.text}</code>: {problem.message}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
