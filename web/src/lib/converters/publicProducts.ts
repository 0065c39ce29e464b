import { productFromData, type Product } from '@harbor/domain';
import { RestCollection, type RestDatabase } from '../firestoreRest';

/** The `products` collection as anyone reads it over REST, through the domain's reader. */
export function publicProducts(db: RestDatabase): RestCollection<Product> {
  return new RestCollection(db, 'products', productFromData);
}
