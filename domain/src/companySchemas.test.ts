import { describe, expect, it } from 'vitest';
import { updateCompanyInputSchema } from './companySchemas';

describe('updateCompanyInputSchema', () => {
  it('takes the whole map of fixed prices in cents', () => {
    expect(updateCompanyInputSchema.parse({ companyId: 'co-1', fixedPrices: {} }).fixedPrices).toEqual({});
    expect(updateCompanyInputSchema.safeParse({ companyId: 'co-1', fixedPrices: { 'bev-1': 17.5 } }).success).toBe(false);
  });
});
