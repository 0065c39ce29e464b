import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { productFromData, type Product } from '@harbor/domain';

/**
 * A product document as the shop's public answers (the search and product pages) show it: active
 * only, as the rules let shoppers read it, and without its search tokens (pages do not use them,
 * and they are half the size).
 */
export function shownProduct(snapshot: DocumentSnapshot): Product | null {
  return snapshot.exists && snapshot.get('active') === true ? { ...productFromData(snapshot.id, snapshot.data() ?? {}), searchTokens: [] } : null;
}
