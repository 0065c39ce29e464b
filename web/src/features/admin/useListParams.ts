import { useSearchParams } from 'react-router-dom';

/** The query parameters with one set (or removed, when empty). */
export function withParam(params: URLSearchParams, name: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

/** A list's filters live in the URL, so reload, back/forward and shared links keep them. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  return { params, setParam: (name: string, value: string) => setParams(withParam(params, name, value)) };
}
