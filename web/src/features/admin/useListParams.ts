import { useSearchParams } from 'react-router-dom';
import { FIRST_PAGE, withPagePosition, type PagePosition } from '../../lib/pagination';

/** The query parameters with one set (or removed, when empty). */
export function withParam(params: URLSearchParams, name: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

/** The URL of a list showing these filters. */
export function listHref(path: string, filters: Record<string, string>): string {
  return `${path}?${new URLSearchParams(filters).toString()}`;
}

/** A list's filters and page live in the URL, so reload, back/forward and shared links keep them. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  return {
    params,
    /** A new filter starts the list over at its first page. */
    setFilter: (name: string, value: string) => setParams(withPagePosition(withParam(params, name, value), FIRST_PAGE)),
    /** Anything else (the order shown over the list) keeps the page. */
    setParam: (name: string, value: string) => setParams(withParam(params, name, value)),
    goToPage: (position: PagePosition) => setParams(withPagePosition(params, position)),
  };
}
