/**
 * A large, realistic catalog for load and read-budget measurements: the demo products first, then
 * variants of them (other pack sizes and grades), each with a unique id and SKU. Deterministic.
 */
import { seedProducts, type SeedProduct } from './products';

const VARIANTS = ['Value Pack', 'Club Size', 'Bulk Case', 'Contractor Grade', 'Eco Line', 'Hospitality Pack', 'Pallet Lot', 'Select'];

export function bulkProducts(count: number): SeedProduct[] {
  return Array.from({ length: count }, (_, index) => {
    const template = seedProducts[index % seedProducts.length]!;
    const round = Math.floor(index / seedProducts.length);
    if (round === 0) return template;
    const variant = VARIANTS[(round - 1) % VARIANTS.length]!;
    const series = Math.ceil(round / VARIANTS.length);
    // Prices and stock drift by a few percent per variant so that sorting and filters see spread.
    const drift = 1 + ((index * 7) % 21 - 10) / 100;
    return {
      ...template,
      id: `${template.id}-v${round}`,
      sku: `${template.sku}-V${round}`,
      name: `${template.name}, ${variant}${series > 1 ? ` ${series}` : ''}`,
      price: Math.max(1, Math.round(template.price * drift)),
      stock: Math.round(template.stock * drift),
      tiers: template.tiers.map((tier) => ({ ...tier, price: Math.max(1, Math.round(tier.price * drift)) })),
    };
  });
}
