/** The catalog size a bench run seeds: `npm run bench -- --products 100000` (5,000 without the option). */

export const DEFAULT_PRODUCTS = 5_000;
/** The most the emulator is seeded with: the target size and twice over, not more. */
export const MAX_PRODUCTS = 200_000;

/** The catalog size named by `--products <n>` or `--products=<n>` in `args` (digits, with `_` or `,` between groups allowed). */
export function catalogSize(args: readonly string[]): number {
  const at = args.findIndex((arg) => arg === '--products' || arg.startsWith('--products='));
  if (at < 0) return DEFAULT_PRODUCTS;
  const arg = args[at]!;
  const text = arg === '--products' ? args[at + 1] : arg.slice('--products='.length);
  if (text === undefined || text === '' || text.startsWith('--')) throw new Error('--products needs a number of products, e.g. --products 100000.');
  return parseCatalogSize(text);
}

/** `text` as a number of products, or an error saying what is accepted. */
export function parseCatalogSize(text: string): number {
  const digits = text.replaceAll(/[_,]/g, '');
  const products = /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
  if (!Number.isSafeInteger(products) || products < 1 || products > MAX_PRODUCTS) {
    throw new Error(`--products "${text}" is not a catalog size the bench can seed: give a whole number from 1 to ${MAX_PRODUCTS.toLocaleString('en-US')}, e.g. --products 100000.`);
  }
  return products;
}
