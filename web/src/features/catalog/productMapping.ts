import type { DocumentSnapshot } from 'firebase/firestore/lite';
import type { PriceTier, Product } from '@harbor/domain';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function count(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function tiers(value: unknown): PriceTier[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (tier): tier is PriceTier => typeof tier === 'object' && tier !== null && typeof tier.minQty === 'number' && typeof tier.price === 'number',
  );
}

/** A product document as the shop renders it; missing fields get safe defaults. */
export function toProduct(snapshot: DocumentSnapshot): Product {
  const data = snapshot.data() ?? {};
  return {
    id: snapshot.id,
    name: text(data.name),
    sku: text(data.sku),
    brand: text(data.brand),
    description: text(data.description),
    category: text(data.category),
    price: count(data.price, 0),
    currency: text(data.currency) || 'USD',
    unit: text(data.unit),
    packSize: Math.max(1, count(data.packSize, 1)),
    minOrderQty: Math.max(1, count(data.minOrderQty, 1)),
    stock: count(data.stock, 0),
    active: data.active === true,
    tiers: tiers(data.tiers),
    imageUrl: text(data.imageUrl),
    imagePath: text(data.imagePath),
    searchTokens: [],
  };
}
