import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { ShoppingCart, Trash2 } from 'lucide-react';
import { BRAND, buyerUnitPrice, formatMoney, listIntoCart, listQuantityProblem, MAX_LIST_QUANTITY, withListQuantity, type Orderable, type SavedList } from '@harbor/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RequestQuote } from '../../../components/quotes/RequestQuote';
import { LoadError } from '../../../components/LoadError';
import { Spinner } from '../../../components/Spinner';
import { PageTitle } from '../../../components/PageTitle';
import { paths } from '../../../config';
import { itemAdded, useCart } from '../../../lib/cart';
import { useContractPricing } from '../../../lib/company';
import { useAppDispatch } from '../../../lib/hooks';
import { useDeleteListMutation, useGetMyListsQuery, useListReader, useSaveListLinesMutation } from '../../../lib/lists/listsApi';
import { toast } from '../../../lib/toast';
import { useGetOrderablesQuery } from '../../../lib/cart/productsApi';
import '../lists.css';

interface Outcome {
  added: number;
  refused: { name: string; reason: string }[];
}

/**
 * A list line's quantity: saved when the field is left with a new, valid quantity; anything else
 * is explained on the field and nothing is saved.
 */
function ListQuantityField({ id, name, quantity, disabled, onChange }: { id: string; name: string; quantity: number; disabled: boolean; onChange: (quantity: number) => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        Quantity of {name}
      </label>
      <input
        id={id}
        className="product-row-quantity"
        type="number"
        min={1}
        max={MAX_LIST_QUANTITY}
        step={1}
        defaultValue={quantity}
        disabled={disabled}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onBlur={(event) => {
          const typed = event.target.value.trim() === '' ? Number.NaN : Number(event.target.value);
          const found = listQuantityProblem(typed);
          setProblem(found);
          if (!found && typed !== quantity) onChange(typed);
        }}
      />
      {problem && (
        <small id={`${id}-problem`} className="field-error" role="alert">
          {problem}
        </small>
      )}
    </>
  );
}

/** A list; its owner edits it, a colleague (the list is the company's) only puts it into the cart. */
function ListCard({ list, products, mine }: { list: SavedList; products: Record<string, Orderable>; mine: boolean }) {
  const dispatch = useAppDispatch();
  const { items } = useCart();
  const contract = useContractPricing();
  const [saveLines, saving] = useSaveListLinesMutation();
  const [deleteList, deleting] = useDeleteListMutation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const headingId = `list-${list.id}`;
  const nameOf = (productId: string) => products[productId]?.name ?? 'A product no longer sold';

  async function save(lines: SavedList['lines']) {
    try {
      await saveLines({ id: list.id, lines }).unwrap();
    } catch {
      toast.error('The list could not be saved. Please try again.');
    }
  }

  function addAll() {
    const result = listIntoCart(list.lines, products, items, contract);
    for (const item of result.items) dispatch(itemAdded(item));
    setOutcome({ added: result.items.length, refused: result.refused.map(({ productId, reason }) => ({ name: nameOf(productId), reason })) });
    if (result.items.length > 0) toast.success(`Added ${result.items.length} line${result.items.length === 1 ? '' : 's'} of “${list.name}” to your cart.`);
  }

  return (
    <section className="saved-list" aria-labelledby={headingId}>
      <div className="saved-list-heading">
        <h2 id={headingId}>{list.name}</h2>
        {!mine && <span className="muted small">Saved by a colleague</span>}
        <button type="button" className="button small" onClick={addAll} disabled={list.lines.length === 0}>
          <ShoppingCart size={16} aria-hidden="true" /> Add all to cart
        </button>
        {mine && (
          <button type="button" className="button secondary small" onClick={() => setConfirmDelete(true)}>
            <Trash2 size={16} aria-hidden="true" /> Delete<span className="visually-hidden"> {list.name}</span>
          </button>
        )}
      </div>
      {outcome && (
        <div className={outcome.refused.length > 0 ? 'notice error' : 'notice'} role={outcome.refused.length > 0 ? 'alert' : 'status'}>
          <p>
            {outcome.added} of {outcome.added + outcome.refused.length} lines added to your cart. <Link to={paths.cart}>View cart</Link>
          </p>
          {outcome.refused.length > 0 && (
            <ul>
              {outcome.refused.map((entry) => (
                <li key={entry.name}>
                  Not added: {entry.name}. {entry.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {list.lines.length === 0 ? (
        <p className="muted">This list is empty. Save products to it from their pages.</p>
      ) : (
        <table className="saved-list-lines">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Price</th>
              <th scope="col">Quantity</th>
              {mine && (
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {list.lines.map((line) => {
              const product = products[line.productId];
              return (
                <tr key={line.productId}>
                  <td>
                    {product ? <Link to={paths.product(product.id)}>{product.name}</Link> : <span className="muted">{nameOf(line.productId)}</span>}
                    {product && <span className="product-sku muted small"> {product.sku}</span>}
                  </td>
                  <td>{product ? formatMoney(buyerUnitPrice(product, line.quantity, contract)) : '–'}</td>
                  {!mine && <td>{line.quantity}</td>}
                  {mine && (
                    <td>
                      <ListQuantityField
                        id={`${list.id}-${line.productId}`}
                        name={nameOf(line.productId)}
                        quantity={line.quantity}
                        disabled={saving.isLoading}
                        onChange={(quantity) => void save(withListQuantity(list.lines, line.productId, quantity))}
                      />
                    </td>
                  )}
                  {mine && (
                    <td>
                      <button type="button" className="button secondary small" onClick={() => void save(list.lines.filter((entry) => entry.productId !== line.productId))}>
                        Remove<span className="visually-hidden"> {nameOf(line.productId)}</span>
                      </button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <div className="saved-list-quote">
        <RequestQuote lines={list.lines} what={`“${list.name}”`} />
      </div>
      {confirmDelete && (
        <ConfirmDialog
          title={`Delete “${list.name}”?`}
          confirmLabel="Delete list"
          cancelLabel="Keep the list"
          busyLabel="Deleting…"
          busy={deleting.isLoading}
          danger
          onClose={() => setConfirmDelete(false)}
          onConfirm={() =>
            void deleteList(list.id)
              .unwrap()
              .then(() => setConfirmDelete(false))
              .catch(() => toast.error('The list could not be deleted. Please try again.'))
          }
        >
          <p>The products stay in the catalog; only this list goes.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** The buyer's saved lists and its company's: edit quantities, remove lines, put a whole list into the cart. */
export default function ListsPage() {
  const reader = useListReader();
  // Read afresh on every visit: a list may have changed on another device or been saved by a colleague.
  const lists = useGetMyListsQuery(reader ?? skipToken, { refetchOnMountOrArgChange: true });
  const ids = useMemo(() => [...new Set((lists.data ?? []).flatMap((list) => list.lines.map((line) => line.productId)))].sort(), [lists.data]);
  const products = useGetOrderablesQuery(ids.length > 0 ? ids : skipToken);

  let content;
  if (lists.isLoading || products.isLoading) content = <Spinner label="Loading your lists…" />;
  else if (lists.isError) content = <LoadError error={lists.error} fallback="Your lists could not be loaded." onRetry={lists.refetch} />;
  else if (products.isError) content = <LoadError error={products.error} fallback="The products of your lists could not be loaded." onRetry={products.refetch} />;
  else if ((lists.data ?? []).length === 0) {
    content = (
      <div className="empty-state" role="status">
        <h2>No saved lists yet</h2>
        <p className="muted">On a product’s page, choose “Save to list” to start one, such as “Weekly kitchen”.</p>
        <Link to={paths.home} className="button secondary">
          Browse the catalog
        </Link>
      </div>
    );
  } else content = (lists.data ?? []).map((list) => <ListCard key={list.id} list={list} products={products.data ?? {}} mine={list.ownerId === reader?.uid} />);

  return (
    <section className="page lists-page">
      <PageTitle>{`Saved lists | ${BRAND.name}`}</PageTitle>
      <h1>Saved lists</h1>
      {content}
    </section>
  );
}
