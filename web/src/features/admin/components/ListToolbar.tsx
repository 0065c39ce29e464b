import { useId, type FormEvent, type ReactNode } from 'react';
import { Search } from 'lucide-react';

interface ListToolbarProps {
  /** Accessible name of the search form, e.g. "Order search". */
  formLabel: string;
  /** Label of the search input, e.g. "Search orders". */
  inputLabel: string;
  placeholder: string;
  search: string;
  onSearch: (text: string) => void;
  /** What the list shows while a search is active. */
  searchNote: ReactNode;
  /** The filter selects beside the search, if any. */
  children?: ReactNode;
}

/** Search box and filters above an admin list; the search applies on submit. */
export function ListToolbar({ formLabel, inputLabel, placeholder, search, onSearch, searchNote, children }: ListToolbarProps) {
  const inputId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get('q') ?? '').trim());
  }

  return (
    <>
      <div className="card admin-toolbar">
        <form role="search" aria-label={formLabel} className="toolbar-search" onSubmit={submit}>
          <label htmlFor={inputId} className="visually-hidden">
            {inputLabel}
          </label>
          {/* Keyed by the search so back/forward in the history refills the box. */}
          <input id={inputId} name="q" type="search" defaultValue={search} key={search} placeholder={placeholder} />
          <button type="submit" className="button small">
            <Search size={16} aria-hidden="true" /> Search
          </button>
        </form>
        {children && <div className="toolbar-filters">{children}</div>}
      </div>
      {search && (
        <p className="muted small" aria-live="polite">
          {searchNote}{' '}
          <button type="button" className="link-button" onClick={() => onSearch('')}>
            Clear search
          </button>
        </p>
      )}
    </>
  );
}

interface FilterSelectProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}

export function FilterSelect({ id, label, value, onChange, children }: FilterSelectProps) {
  return (
    <div className="toolbar-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}
