import type { Product } from '@harbor/domain';

/** Test products shaped like the demo catalog's. */
export function testProduct(extra: Partial<Product> = {}): Product {
  return {
    id: 'bev-1011',
    name: 'Oat Milk, Barista Edition',
    sku: 'BEV-1011',
    brand: 'Driftwood Farms',
    description: 'Steams and foams like dairy milk.',
    category: 'Beverages',
    price: 349,
    currency: 'USD',
    unit: 'carton, 32 oz',
    packSize: 6,
    backorderable: false,
    restockDate: '',
    backordered: 0,
    minOrderQty: 6,
    stock: 720,
    active: true,
    tiers: [
      { minQty: 36, price: 329 },
      { minQty: 72, price: 309 },
    ],
    imageUrl: '/images/products/bev-1011.svg',
    imagePath: '',
    searchTokens: [],
    ...extra,
  };
}
