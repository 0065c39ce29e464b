import type { Page } from '@playwright/test';

/** A guest cart of two seeded products, 15 items in all, as a shopper leaves it in the browser. */
export const sampleGuestCart = [
  { id: 'bev-1001', price: 1899, quantity: 12, name: 'Sparkling Water, Lime', sku: 'BEV-1001', imageUrl: '/images/products/bev-1001.svg', unit: 'case of 24 x 12 oz cans', minOrderQty: 1, packSize: 1 },
  { id: 'snk-1001', price: 2450, quantity: 3, name: 'Pretzel Twists', sku: 'SNK-1001', imageUrl: '/images/products/snk-1001.svg', unit: 'case of 48', minOrderQty: 1, packSize: 1 },
];

/** Puts `value` under `key` in the shop's local storage without loading the shop itself (a file that runs no code). */
export async function storeInShop(page: Page, key: string, value: string): Promise<void> {
  await page.goto('/favicon.svg');
  await page.evaluate(([storedKey, storedValue]) => localStorage.setItem(storedKey, storedValue), [key, value] as const);
}

/** Puts a guest cart into the shop's local storage without loading the shop itself. */
export async function storeGuestCart(page: Page, items: unknown = sampleGuestCart): Promise<void> {
  await storeInShop(page, 'cart', JSON.stringify(items));
}
