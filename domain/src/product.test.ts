import { describe, expect, it } from 'vitest';
import { productFromData } from './product';
import { productInputOf, productInputSchema, type ProductInput } from './productSchema';

const valid: ProductInput = {
  name: 'Sparkling Water, Lime',
  sku: 'bev-9001',
  brand: 'Bayside',
  description: 'Crisp.',
  category: 'Beverages',
  price: 1899,
  unit: 'case of 24',
  packSize: 2,
  minOrderQty: 4,
  stock: 100,
  active: true,
  tiers: [{ minQty: 10, price: 1799 }],
  imageUrl: '',
  imagePath: '',
};

function messageFor(input: Record<string, unknown>, path: string): string | undefined {
  const result = productInputSchema.safeParse(input);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path.join('.') === path)?.message;
}

describe('productInputSchema', () => {
  it('accepts a valid product and upper-cases the SKU', () => {
    expect(productInputSchema.parse(valid).sku).toBe('BEV-9001');
  });

  it('speaks of prices in money, since the form takes dollars', () => {
    expect(messageFor({ ...valid, price: 0 }, 'price')).toBe('Price must be at least $0.01.');
    expect(messageFor({ ...valid, price: Number.NaN }, 'price')).toBe('Price must be an amount such as 18.99.');
    expect(messageFor({ ...valid, tiers: [{ minQty: 10, price: 0 }] }, 'tiers.0.price')).toBe('Tier price must be at least $0.01.');
  });

  it('accepts https, bundled and local-emulator image URLs only', () => {
    for (const imageUrl of ['', '/images/products/x.svg', 'https://cdn.example.com/a.png', 'http://127.0.0.1:9199/v0/b/demo/o/products%2Fa.png?alt=media']) {
      expect(messageFor({ ...valid, imageUrl }, 'imageUrl')).toBeUndefined();
    }
    for (const imageUrl of ['http://example.com/a.png', 'javascript:alert(1)', 'ftp://x/a.png']) {
      expect(messageFor({ ...valid, imageUrl }, 'imageUrl')).toBe('Image URL must start with https:// (or be empty).');
    }
  });
});

describe('productFromData', () => {
  it('fills safe defaults for missing or mistyped fields', () => {
    const product = productFromData('p1', { name: 42, price: 'free', packSize: 0, tiers: [{ minQty: 5, price: 10 }, { minQty: 'x' }, null], searchTokens: ['a', 3] });
    expect(product).toMatchObject({ id: 'p1', name: '', price: 0, packSize: 1, minOrderQty: 1, currency: 'USD', active: false, tiers: [{ minQty: 5, price: 10 }], searchTokens: ['a'] });
  });
});

describe('productInputOf', () => {
  it('gives a payload the schema accepts, without the server-computed fields', () => {
    const stored = productFromData('bev-9001', { ...valid, sku: 'BEV-9001', currency: 'USD', searchTokens: ['bev'] });
    const input = productInputOf(stored);
    expect(input).not.toHaveProperty('searchTokens');
    expect(input).not.toHaveProperty('currency');
    expect(productInputSchema.safeParse(input).success).toBe(true);
  });
});
