import { describe, expect, it } from 'vitest';
import { productFromData } from './product';
import { META_DESCRIPTION_LENGTH, metaDescription, productStructuredData } from './seo';

const product = productFromData('bev-1001', {
  name: 'Cold Brew Coffee',
  sku: 'BEV-1001',
  brand: 'Harbor Roasters',
  description: 'Smooth cold brew concentrate.',
  category: 'Beverages',
  price: 4250,
  currency: 'USD',
  unit: 'case of 6',
  packSize: 2,
  minOrderQty: 4,
  stock: 4,
  active: true,
  tiers: [],
  imageUrl: '/images/products/bev-1001.svg',
});

describe('a meta description', () => {
  it('keeps a short text on one line, and cuts a long one at a word with an ellipsis', () => {
    expect(metaDescription('  Bulk\n coffee  ')).toBe('Bulk coffee');
    const long = metaDescription('word '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(META_DESCRIPTION_LENGTH);
    expect(long).toMatch(/word…$/);
  });
});

describe("a product's structured data", () => {
  const url = 'https://shop.test/product/bev-1001';
  it('is a schema.org Product with an Offer at the list price, in stock while its smallest order is', () => {
    const data = productStructuredData(product, { url, imageUrl: 'https://shop.test/images/products/bev-1001.svg' });
    expect(data).toMatchObject({
      '@type': 'Product',
      name: 'Cold Brew Coffee',
      sku: 'BEV-1001',
      brand: { '@type': 'Brand', name: 'Harbor Roasters' },
      image: 'https://shop.test/images/products/bev-1001.svg',
      description: 'Smooth cold brew concentrate.',
      offers: { '@type': 'Offer', url, price: '42.50', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
  });

  it('is out of stock when less than the smallest order is left, and leaves out a missing brand and image', () => {
    const data = productStructuredData({ ...product, stock: 3, brand: '', description: '' }, { url, imageUrl: '' });
    expect(data.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
    expect(data).not.toHaveProperty('brand');
    expect(data).not.toHaveProperty('image');
    expect(data.description).toBe('Cold Brew Coffee');
  });

  it('is on backorder when the shelf is short but the product takes backorders, counting units owed to earlier orders', () => {
    expect(productStructuredData({ ...product, stock: 0, backorderable: true }, { url, imageUrl: '' }).offers).toMatchObject({ availability: 'https://schema.org/BackOrder' });
    expect(productStructuredData({ ...product, stock: 40, backordered: 40 }, { url, imageUrl: '' }).offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
  });
});
