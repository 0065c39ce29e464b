import { useCallback, useSyncExternalStore } from 'react';

/** How the catalog shows products: cards, or dense rows with a quantity each. Remembered per browser. */
export type CatalogView = 'grid' | 'list';

export const CATALOG_VIEW_KEY = 'harbor.catalogView';

/** The choice made on this page, for a browser that cannot store it (private mode without storage). */
let chosenHere: CatalogView = 'grid';

function storedView(): CatalogView {
  try {
    return localStorage.getItem(CATALOG_VIEW_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return chosenHere;
  }
}

/** The server renders the grid; a page hydrated from it shows the grid first, then the stored choice. */
const serverView = (): CatalogView => 'grid';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice applies here too.
  const changedElsewhere = (event: StorageEvent) => {
    if (event.key === CATALOG_VIEW_KEY) listener();
  };
  window.addEventListener('storage', changedElsewhere);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', changedElsewhere);
  };
}

/** The view this browser last chose, and a setter that remembers the choice. */
export function useCatalogView(): [CatalogView, (view: CatalogView) => void] {
  const view = useSyncExternalStore(subscribe, storedView, serverView);
  const choose = useCallback((next: CatalogView) => {
    chosenHere = next;
    try {
      localStorage.setItem(CATALOG_VIEW_KEY, next);
    } catch {
      // Private mode without storage: the choice lasts for this page only.
    }
    listeners.forEach((listener) => listener());
  }, []);
  return [view, choose];
}
