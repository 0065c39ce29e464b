import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Search } from 'lucide-react';
import { boundedSearch, MAX_SEARCH_LENGTH, SEARCH_TOO_LONG_MESSAGE } from '@harbor/domain';
import { paths } from '../../config';

/** Header search: the trimmed text goes to /?search=…; blank input does nothing. */
export function SearchForm() {
  const [searchParams] = useSearchParams();
  const searchInUrl = boundedSearch(searchParams.get('search') ?? '').search;
  const [text, setText] = useState(searchInUrl);
  // The box follows the search in the URL (back/forward, "Clear search"), not only what was typed.
  const [shownSearch, setShownSearch] = useState(searchInUrl);
  if (shownSearch !== searchInUrl) {
    setShownSearch(searchInUrl);
    setText(searchInUrl);
  }
  const navigate = useNavigate();
  const atLimit = text.length >= MAX_SEARCH_LENGTH;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { search } = boundedSearch(text);
    if (!search) return;
    navigate(paths.search(search));
  }

  return (
    <form className="search-form" role="search" onSubmit={handleSubmit}>
      <label htmlFor="header-search" className="visually-hidden">
        Search products
      </label>
      <input
        id="header-search"
        type="search"
        placeholder="Search for products..."
        value={text}
        maxLength={MAX_SEARCH_LENGTH}
        aria-describedby={atLimit ? 'header-search-limit' : undefined}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" aria-label="Search">
        <Search aria-hidden="true" size={18} />
      </button>
      {atLimit && (
        <small id="header-search-limit" className="search-limit" role="status">
          {SEARCH_TOO_LONG_MESSAGE}
        </small>
      )}
    </form>
  );
}
