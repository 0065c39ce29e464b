/** Products and cart lines for the domain's unit tests (not exported by the package). */
import type { OrderLineRequest } from './checkout';
import type { Orderable } from './ordering';
import type { Product } from './product';

/** An orderable product, "Product a" / "SKU-A" at $50.00, 100 in stock, unless `extra` says otherwise. */
export function product(id: string, extra: Partial<Orderable> = {}): Orderable {
  return {
    id,
    name: `Product ${id}`,
    sku: `SKU-${id.toUpperCase()}`,
    unit: 'case of 12',
    imageUrl: `/images/${id}.svg`,
    price: 5000,
    tiers: [],
    minOrderQty: 1,
    packSize: 1,
    stock: 100,
    active: true,
    ...extra,
  };
}

/** A whole product document: `product(id)` with the catalog's other fields, unless `extra` says otherwise. */
export function storedProduct(id: string, extra: Partial<Product> = {}): Product {
  return { ...product(id), backorderable: false, restockDate: '', backordered: 0, brand: 'Harborline', description: '', category: 'Snacks', currency: 'USD', imagePath: '', searchTokens: [], ...extra };
}

/** The catalog as ordering reads it: products by id. */
export const catalog = (...products: Orderable[]) => new Map(products.map((entry) => [entry.id, entry]));

/** A wanted line, named as the shopper's cart names it. */
export const line = (productId: string, quantity: number, name = `Cart name ${productId}`): OrderLineRequest => ({ productId, quantity, name });
