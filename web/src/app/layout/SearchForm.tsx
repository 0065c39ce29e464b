import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Package, Search } from 'lucide-react';
import { boundedSearch, MAX_SEARCH_LENGTH, SEARCH_TOO_LONG_MESSAGE } from '@harbor/domain';
import { ProductPrice } from '../../components/ProductPrice';
import { paths } from '../../config';
import { suggestWhileIndexLoads, type SearchProvider, type SearchSuggestion } from '../../lib/search/searchProvider';

/** Suggestions start from this many characters. */
const MIN_SUGGEST_LENGTH = 2;
const MAX_SUGGESTIONS = 6;

/**
 * Header search, an ARIA combobox: from the second character, products matching what is typed
 * appear below (arrow keys move, Enter opens the highlighted one, Escape closes). Submitting the
 * trimmed text goes to /?search=…; blank input does nothing. Without JavaScript it is a plain GET
 * form that the browser submits to the same address.
 */
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
  const listboxId = useId();
  const provider = useRef<SearchProvider | null>(null);
  const latestQuery = useRef('');
  const [suggestions, setSuggestions] = useState<SearchSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // The choice of search (the index and MiniSearch, or the search functions for a large catalog)
  // loads on the first focus of the box, never with the page; the server's search page suggests until it has.
  const ensureProvider = () =>
    (provider.current ??= suggestWhileIndexLoads(import('../../lib/search/providerChoice').then(({ chooseSearchProvider }) => chooseSearchProvider())));

  function suggestFor(value: string, typingDone = false) {
    const query = value.trim();
    latestQuery.current = query;
    if (query.length < MIN_SUGGEST_LENGTH) {
      setSuggestions([]);
      setActive(-1);
      return;
    }
    void ensureProvider()
      .suggest(query, MAX_SUGGESTIONS, typingDone)
      .then((found) => {
        // An answer for an older keystroke that arrives late is dropped.
        if (latestQuery.current !== query) return;
        setSuggestions(found);
        setActive(-1);
        setOpen(true);
      })
      .catch((error: unknown) => console.warn('Suggestions could not be loaded.', error));
  }

  // A box focused, or text typed, before the page's code started never reached onFocus or `text`:
  // both are taken up, the index loading and the suggestions, once React has the box. That text
  // has waited for the code already: it is suggested for at once, not after a pause in typing.
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current && box.current === document.activeElement) ensureProvider();
    const typed = box.current?.value ?? '';
    if (typed === text) return;
    setText(typed);
    suggestFor(typed, true);
    // Once, when the box first renders in the browser.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function choose(suggestion: SearchSuggestion) {
    close();
    navigate(paths.product(suggestion.id));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = open ? suggestions[active] : undefined;
    if (chosen) {
      choose(chosen);
      return;
    }
    // The box's own value, which the form would send without JavaScript: text typed before the
    // page hydrated is in the box but never reached `text` through onChange.
    const { search } = boundedSearch(String(new FormData(event.currentTarget).get('search') ?? ''));
    if (!search) return;
    close();
    navigate(paths.search(search));
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Positions -1 (the box itself) to the last suggestion, wrapping around.
      const positions = suggestions.length + 1;
      setActive((current) => ((((current + 1 + step) % positions) + positions) % positions) - 1);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  }

  const expanded = open && suggestions.length > 0 && text.trim().length >= MIN_SUGGEST_LENGTH;
  const activeId = expanded && active >= 0 && active < suggestions.length ? `${listboxId}-${active}` : undefined;

  return (
    <form className="search-form" role="search" action={paths.home} method="get" onSubmit={handleSubmit}>
      <label htmlFor="header-search" className="visually-hidden">
        Search products
      </label>
      <input
        ref={box}
        // The effect above takes up text typed before the code: the boot script leaves it alone.
        data-takes-early-input=""
        id="header-search"
        name="search"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={activeId}
        placeholder="Search for products..."
        value={text}
        maxLength={MAX_SEARCH_LENGTH}
        aria-describedby={atLimit ? 'header-search-limit' : undefined}
        onFocus={ensureProvider}
        onChange={(event) => {
          setText(event.target.value);
          suggestFor(event.target.value);
        }}
        onKeyDown={handleKeyDown}
        onBlur={close}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" aria-label="Search">
        <Search aria-hidden="true" size={18} />
      </button>
      <ul id={listboxId} role="listbox" aria-label="Suggested products" className="search-suggestions" hidden={!expanded}>
        {expanded &&
          suggestions.map((suggestion, index) => (
            <li
              key={suggestion.id}
              id={`${listboxId}-${index}`}
              role="option"
              aria-selected={index === active}
              className="search-suggestion"
              // Chosen on mousedown: a click would first blur the box and close the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(suggestion);
              }}
            >
              {suggestion.imageUrl ? (
                <img src={suggestion.imageUrl} alt="" width={40} height={40} loading="lazy" />
              ) : (
                <Package size={24} aria-hidden="true" className="search-suggestion-placeholder" />
              )}
              <span className="search-suggestion-name">
                {suggestion.name}
                <span className="product-sku muted small">{suggestion.sku}</span>
              </span>
              <ProductPrice productId={suggestion.id} price={suggestion.price} fromPrice={suggestion.fromPrice} className="search-suggestion-price" />
            </li>
          ))}
      </ul>
      {atLimit && (
        <small id="header-search-limit" className="search-limit" role="status">
          {SEARCH_TOO_LONG_MESSAGE}
        </small>
      )}
    </form>
  );
}
