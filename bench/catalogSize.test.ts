import { describe, expect, it } from 'vitest';
import { catalogSize, DEFAULT_PRODUCTS, parseCatalogSize } from './catalogSize';

describe('the bench catalog size', () => {
  it('is 5,000 products without the option', () => {
    expect(catalogSize([])).toBe(DEFAULT_PRODUCTS);
    expect(catalogSize(['--other'])).toBe(5_000);
  });

  it('reads --products n and --products=n, with group separators', () => {
    expect(catalogSize(['--products', '100000'])).toBe(100_000);
    expect(catalogSize(['--products=100_000'])).toBe(100_000);
    expect(catalogSize(['--products', '20,000'])).toBe(20_000);
  });

  it('refuses a missing, fractional, negative, zero, too large or wordy size with a sentence saying what it accepts', () => {
    expect(() => catalogSize(['--products'])).toThrow('--products needs a number of products, e.g. --products 100000.');
    expect(() => catalogSize(['--products', '--other'])).toThrow(/needs a number/);
    for (const bad of ['1.5', '-5', '0', '300000', '1e5', 'lots', ' 5']) {
      expect(() => parseCatalogSize(bad)).toThrow(`--products "${bad}" is not a catalog size the bench can seed: give a whole number from 1 to 200,000`);
    }
  });
});
