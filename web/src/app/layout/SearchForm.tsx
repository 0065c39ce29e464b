import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Search } from 'lucide-react';

/** Header search: the trimmed text goes to /?search=…; blank input does nothing. */
export function SearchForm() {
  const [searchParams] = useSearchParams();
  const searchInUrl = searchParams.get('search') ?? '';
  const [text, setText] = useState(searchInUrl);
  // The box follows the search in the URL (back/forward, "Clear search"), not only what was typed.
  const [shownSearch, setShownSearch] = useState(searchInUrl);
  if (shownSearch !== searchInUrl) {
    setShownSearch(searchInUrl);
    setText(searchInUrl);
  }
  const navigate = useNavigate();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = text.trim();
    if (!query) return;
    navigate(`/?${new URLSearchParams({ search: query }).toString()}`);
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
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" aria-label="Search">
        <Search aria-hidden="true" size={18} />
      </button>
    </form>
  );
}
