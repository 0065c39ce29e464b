/**
 * The Firestore reads behind a cart: the products a cart holds or a quick order names
 * (./productDocuments reads them).
 */
import { orderableProduct, productFromData, type Orderable, type Product } from '@harbor/domain';
import type { RestDatabase } from '../firestoreRest';
import { activeDocumentsById, activeProductsWhere } from './productDocuments';

/** The active products with these SKUs; reads only those documents. */
export async function fetchProductsBySku(db: RestDatabase, skus: readonly string[]): Promise<{ products: Product[]; documentsRead: number }> {
  const { documents, documentsRead } = await activeProductsWhere(db, 'sku', skus);
  return { products: documents.map(({ id, data }) => productFromData(id, data)), documentsRead };
}

/** Today's price, rules and stock of the active products among these ids, by id. */
export async function fetchOrderables(db: RestDatabase, ids: readonly string[]): Promise<{ products: Record<string, Orderable>; documentsRead: number }> {
  const { documents, documentsRead } = await activeDocumentsById(db, ids);
  const orderables = documents.map((document) => orderableProduct(document.id, document.data));
  return { products: Object.fromEntries(orderables.flatMap((product) => (product ? [[product.id, product]] : []))), documentsRead };
}
