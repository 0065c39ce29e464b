import { describe, expect, it } from 'vitest';
import { updateBillingEmailInputSchema, updateCompanyInputSchema } from './companySchemas';

const billingEmail = (value: unknown) => updateBillingEmailInputSchema.safeParse({ companyId: 'co-1', billingEmail: value });

describe('updateBillingEmailInputSchema', () => {
  it('takes an address, trimmed and in lower case, or blank to clear it', () => {
    expect(billingEmail('  Payables@Seaside.Example ').data).toEqual({ companyId: 'co-1', billingEmail: 'payables@seaside.example' });
    expect(billingEmail('').data?.billingEmail).toBe('');
    expect(billingEmail('   ').data?.billingEmail).toBe('');
  });
  it('refuses what is not an address, with a sentence that says what to do', () => {
    const result = billingEmail('accounts payable');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid e-mail address, or leave it empty for none.');
    expect(billingEmail(`${'a'.repeat(320)}@x.example`).success).toBe(false);
    expect(billingEmail(null).success).toBe(false);
    expect(updateBillingEmailInputSchema.safeParse({ billingEmail: 'ap@x.example' }).success).toBe(false);
  });
});

describe('updateCompanyInputSchema', () => {
  it('takes the whole map of fixed prices in cents', () => {
    expect(updateCompanyInputSchema.parse({ companyId: 'co-1', fixedPrices: {} }).fixedPrices).toEqual({});
    expect(updateCompanyInputSchema.safeParse({ companyId: 'co-1', fixedPrices: { 'bev-1': 17.5 } }).success).toBe(false);
  });
});
