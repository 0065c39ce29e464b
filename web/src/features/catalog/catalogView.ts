import { useCallback, useState } from 'react';

/** How the catalog shows products: cards, or dense rows with a quantity each. Remembered per browser. */
export type CatalogView = 'grid' | 'list';

export const CATALOG_VIEW_KEY = 'harbor.catalogView';

function storedView(): CatalogView {
  try {
    return localStorage.getItem(CATALOG_VIEW_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}

/** The view this browser last chose, and a setter that remembers the choice. */
export function useCatalogView(): [CatalogView, (view: CatalogView) => void] {
  const [view, setView] = useState(storedView);
  const choose = useCallback((next: CatalogView) => {
    setView(next);
    try {
      localStorage.setItem(CATALOG_VIEW_KEY, next);
    } catch {
      // Private mode without storage: the choice lasts for this page only.
    }
  }, []);
  return [view, choose];
}
