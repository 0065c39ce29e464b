import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { ListPlus } from 'lucide-react';
import { listNameProblem, withListLine, type SavedListLine } from '@harbor/domain';
import { paths } from '../config';
import { useCreateListMutation, useGetMyListsQuery, useListReader, useSaveListLinesMutation } from '../lib/lists/listsApi';
import { useAuth } from '../lib/session';
import { toast } from '../lib/toast';

const NEW_LIST = '';

interface AddToListProps {
  lines: readonly SavedListLine[];
  /** What is saved, in the form's label and the confirmation ("2 × Oat Milk", "your cart"). */
  what: string;
  label?: string;
  /** Show the form at once (a catalog row opens it from a button of its own), and say when it closes. */
  startOpen?: boolean;
  onClose?: () => void;
}

/**
 * "Save to list": puts products with their quantities (one from a product page or a catalog row,
 * every line of a cart or an order) on one of the buyer's saved lists, or on a new one. A guest is
 * offered to sign in (lists belong to an account).
 */
export function AddToList({ lines, what, label = 'Save to list', startOpen = false, onClose }: AddToListProps) {
  const id = useId();
  const { user } = useAuth();
  const [open, setOpenState] = useState(startOpen);
  const setOpen = (next: boolean) => {
    setOpenState(next);
    if (!next) onClose?.();
  };
  const reader = useListReader();
  const { data: readable = [] } = useGetMyListsQuery(open && reader ? reader : skipToken);
  // Colleagues' lists are read, not written: a buyer saves to its own.
  const lists = readable.filter((list) => list.ownerId === user?.uid);
  const [listId, setListId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [createList, creating] = useCreateListMutation();
  const [saveLines, saving] = useSaveListLinesMutation();

  if (!user) {
    return (
      <p className="muted small add-to-list">
        <Link to={paths.login}>Sign in</Link> to save products to a list.
      </p>
    );
  }
  if (!open) {
    return (
      <button type="button" className="button secondary block add-to-list" onClick={() => setOpen(true)}>
        <ListPlus size={18} aria-hidden="true" /> {label}
      </button>
    );
  }

  const chosen = listId ?? lists[0]?.id ?? NEW_LIST;
  const busy = creating.isLoading || saving.isLoading;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reader || busy) return;
    const list = lists.find((entry) => entry.id === chosen);
    try {
      if (list) {
        const merged = lines.reduce((listLines, line) => withListLine(listLines, line.productId, line.quantity), list.lines);
        await saveLines({ id: list.id, lines: merged }).unwrap();
        toast.success(`Saved ${what} to “${list.name}”.`);
      } else {
        const nameProblem = listNameProblem(name);
        if (nameProblem) {
          setProblem(nameProblem);
          return;
        }
        await createList({ ...reader, name, lines: lines.reduce((listLines, line) => withListLine(listLines, line.productId, line.quantity), [] as SavedListLine[]) }).unwrap();
        toast.success(`Saved ${what} to the new list “${name.trim()}”.`);
      }
      setOpen(false);
      setName('');
      setProblem(null);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : ((error as { message?: string }).message ?? 'The list could not be saved. Please try again.'));
    }
  }

  return (
    <form className="add-to-list-form" onSubmit={handleSubmit} aria-label={`Save ${what} to a list`} noValidate>
      <label htmlFor={`${id}-list`}>Save {what} to</label>
      <select id={`${id}-list`} value={chosen} onChange={(event) => setListId(event.target.value)}>
        {lists.map((list) => (
          <option key={list.id} value={list.id}>
            {list.name}
          </option>
        ))}
        <option value={NEW_LIST}>New list…</option>
      </select>
      {chosen === NEW_LIST && (
        <>
          <label htmlFor={`${id}-name`}>List name</label>
          <input
            id={`${id}-name`}
            value={name}
            maxLength={80}
            placeholder="Weekly kitchen"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          {problem && (
            <small id={`${id}-problem`} className="field-error">
              {problem}
            </small>
          )}
        </>
      )}
      <div className="add-to-list-actions">
        <button type="submit" className="button small" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button secondary small" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
