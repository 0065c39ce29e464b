import { describe, expect, it } from 'vitest';
import {
  orderPaymentText,
  buyerListedPrice,
  availableCredit,
  buyerLowestUnitPrice,
  buyerPrice,
  buyerUnitPrice,
  companyFromData,
  companyOrderingProblem,
  contractFromData,
  creditProblem,
  dueDateFor,
  fixedPricesChange,
  fixedPricesChangeText,
  isOverdue,
  paymentMethodsFor,
  staffNotesFromData,
  staffNotesPath,
  taxRateFor,
  AWAITING_APPROVAL_MESSAGE,
  NO_COMPANY_MESSAGE,
} from './company';
import { priceOrder } from './checkout';
import { product as testProduct } from './testCatalog';

const product = { id: 'p1', price: 1000, tiers: [{ minQty: 10, price: 900 }, { minQty: 50, price: 800 }] };

describe('buyerUnitPrice: the lower of contract price and volume tier price', () => {
  it('is the tier price without a contract', () => {
    expect(buyerUnitPrice(product, 1, null)).toBe(1000);
    expect(buyerUnitPrice(product, 10, null)).toBe(900);
  });
  it('applies the percentage discount to the list price', () => {
    const contract = { discountBasisPoints: 500, fixedPrices: {} };
    expect(buyerUnitPrice(product, 1, contract)).toBe(950);
    // the tier is cheaper from 10 units on
    expect(buyerUnitPrice(product, 10, contract)).toBe(900);
    expect(buyerUnitPrice(product, 50, contract)).toBe(800);
  });
  it('a fixed price replaces the discount for its product, and still loses to a cheaper tier', () => {
    const contract = { discountBasisPoints: 500, fixedPrices: { p1: 850 } };
    expect(buyerUnitPrice(product, 1, contract)).toBe(850);
    expect(buyerUnitPrice(product, 49, contract)).toBe(850);
    expect(buyerUnitPrice(product, 50, contract)).toBe(800);
    expect(buyerUnitPrice({ ...product, id: 'p2' }, 1, contract)).toBe(950);
  });
  it('rounds the discount to whole cents', () => {
    expect(buyerUnitPrice({ id: 'x', price: 1899 }, 1, { discountBasisPoints: 750, fixedPrices: {} })).toBe(1757);
  });
  it('says where the price comes from: the contract when it is lower, else the tier the quantity reaches, else the list', () => {
    const contract = { discountBasisPoints: 500, fixedPrices: { p1: 850 } };
    expect(buyerPrice(product, 1, contract)).toEqual({ unitPrice: 850, basis: 'contract' });
    expect(buyerPrice(product, 50, contract)).toEqual({ unitPrice: 800, basis: 'tier' });
    expect(buyerPrice(product, 10, null)).toEqual({ unitPrice: 900, basis: 'tier' });
    expect(buyerPrice(product, 1, null)).toEqual({ unitPrice: 1000, basis: 'list' });
    // A discount of nothing is no contract price.
    expect(buyerPrice(product, 1, { discountBasisPoints: 0, fixedPrices: {} })).toEqual({ unitPrice: 1000, basis: 'list' });
  });
  it('the "from" price is the lowest any quantity reaches', () => {
    expect(buyerLowestUnitPrice(product, { discountBasisPoints: 2500, fixedPrices: {} })).toBe(750);
    expect(buyerLowestUnitPrice(product, null)).toBe(800);
  });
  it('priceOrder charges it and taxes at the given rate', () => {
    const water = testProduct('p1', { price: 1000 });
    const priced = priceOrder([{ productId: 'p1', quantity: 20, name: '' }], new Map([['p1', water]]), {
      contract: { discountBasisPoints: 1000, fixedPrices: {} },
      taxRateBasisPoints: 625,
    });
    expect(priced.items[0]!.unitPrice).toBe(900);
    expect(priced.subtotal).toBe(18_000);
    expect(priced.tax).toBe(1125);
  });
});

describe('buyerListedPrice: a listed product (unit and lowest tier price) for a buyer', () => {
  const listed = { id: 'coffee', price: 4299, fromPrice: 3999 };
  it('is the list without a contract', () => {
    expect(buyerListedPrice(listed, null)).toEqual({ price: 4299, fromPrice: 3999 });
  });
  it('takes a fixed contract price below both', () => {
    expect(buyerListedPrice(listed, { discountBasisPoints: 0, fixedPrices: { coffee: 3850 } })).toEqual({ price: 3850, fromPrice: 3850 });
  });
  it('keeps a tier price below the contract price', () => {
    expect(buyerListedPrice(listed, { discountBasisPoints: 500, fixedPrices: {} })).toEqual({ price: 4084, fromPrice: 3999 });
  });
  it('never raises a price: a contract above the list is ignored', () => {
    expect(buyerListedPrice(listed, { discountBasisPoints: 0, fixedPrices: { coffee: 5000 } })).toEqual({ price: 4299, fromPrice: 3999 });
  });
});

describe('contractFromData', () => {
  it('drops malformed prices and discounts', () => {
    expect(contractFromData({ discountBasisPoints: 20_000, fixedPrices: { a: 100, b: -1, c: 1.5, d: 'x' } })).toEqual({ discountBasisPoints: 0, fixedPrices: { a: 100 } });
    expect(contractFromData(undefined)).toEqual({ discountBasisPoints: 0, fixedPrices: {} });
  });
});

describe('taxRateFor', () => {
  it('takes the rate of the ship-to state, any case', () => {
    expect(taxRateFor('CA')).toBe(725);
    expect(taxRateFor(' me ')).toBe(550);
    expect(taxRateFor('OR')).toBe(0);
  });
  it('is 0 for a tax-exempt company', () => {
    expect(taxRateFor('CA', true)).toBe(0);
  });
  it('falls back to the default rate for an unknown state', () => {
    expect(taxRateFor('Bavaria')).toBe(800);
    expect(taxRateFor('')).toBe(800);
  });
});

describe('credit', () => {
  const company = { creditLimit: 100_000, openBalance: 60_000 };
  it('allows an order up to the available credit, exactly', () => {
    expect(availableCredit(company)).toBe(40_000);
    expect(creditProblem(company, 40_000)).toBeNull();
  });
  it('refuses one cent more, stating the credit available', () => {
    expect(creditProblem(company, 40_001)).toBe(
      'This order of $400.01 exceeds your available credit of $400.00. Please pay open invoices, choose bank transfer or contact us.',
    );
  });
  it('never shows negative credit', () => {
    expect(availableCredit({ creditLimit: 100, openBalance: 500 })).toBe(0);
  });
});

describe('terms', () => {
  it('prepaid pays by bank transfer only; net terms by invoice on those terms or bank transfer', () => {
    expect(paymentMethodsFor('prepaid')).toEqual(['bank-transfer']);
    expect(paymentMethodsFor('net60')).toEqual(['invoice-net60', 'bank-transfer']);
  });
  it('due dates follow the terms; bank transfer is due on receipt', () => {
    const placed = Date.UTC(2026, 0, 1);
    expect(new Date(dueDateFor('invoice-net30', placed)).toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(new Date(dueDateFor('invoice-net15', placed)).toISOString()).toBe('2026-01-16T00:00:00.000Z');
    expect(dueDateFor('bank-transfer', placed)).toBe(placed);
  });
  it('an unpaid order past its due date is overdue; paid or cancelled ones are not', () => {
    expect(isOverdue({ paymentStatus: 'unpaid', dueDate: 10, status: 'shipped' }, 11)).toBe(true);
    expect(isOverdue({ paymentStatus: 'unpaid', dueDate: 10, status: 'shipped' }, 10)).toBe(false);
    expect(isOverdue({ paymentStatus: 'paid', dueDate: 10, status: 'shipped' }, 11)).toBe(false);
    expect(isOverdue({ paymentStatus: 'unpaid', dueDate: 10, status: 'cancelled' }, 11)).toBe(false);
  });
  it('an order with part of its invoice paid reads as partly paid with what is open, not as unpaid', () => {
    const invoiced = { paymentStatus: 'unpaid' as const, dueDate: 10, status: 'shipped', currency: 'USD', amountPaid: 10_000, amountOpen: 28_434 };
    expect(orderPaymentText(invoiced, 5)).toEqual({ text: 'Partly paid, $284.34 open', overdue: false });
    expect(orderPaymentText(invoiced, 11)).toEqual({ text: 'Overdue, partly paid, $284.34 open', overdue: true });
    expect(orderPaymentText({ ...invoiced, amountPaid: 0, amountOpen: 38_434 }, 5)).toEqual({ text: 'Unpaid, $384.34 open', overdue: false });
    expect(orderPaymentText({ ...invoiced, paymentStatus: 'paid', amountPaid: 38_434, amountOpen: 0 }, 11)).toEqual({ text: 'Paid', overdue: false });
    // Not yet invoiced, or invoiced before orders kept their invoice's amounts.
    const { amountPaid: _paid, amountOpen: _open, ...placed } = invoiced;
    expect(orderPaymentText(placed, 5)).toEqual({ text: 'Unpaid', overdue: false });
    expect(orderPaymentText(placed, 11)).toEqual({ text: 'Overdue', overdue: true });
    expect(orderPaymentText({ ...placed, status: 'cancelled' }, 11)).toBeNull();
  });
});

describe('companies', () => {
  it('only approved companies order', () => {
    expect(companyOrderingProblem('approved')).toBeNull();
    expect(companyOrderingProblem('pending')).toBe(AWAITING_APPROVAL_MESSAGE);
    expect(companyOrderingProblem(null)).toBe(NO_COMPANY_MESSAGE);
    expect(companyOrderingProblem('on-hold')).toMatch(/on hold/);
    expect(companyOrderingProblem('rejected')).toMatch(/not approved/);
  });
  it('reads odd stored data as the careful default', () => {
    const company = companyFromData('c1', { status: 'super', paymentTerms: 'net999', creditLimit: 'lots', members: { a: 'owner', b: 'admin' } });
    expect(company).toMatchObject({ status: 'pending', paymentTerms: 'prepaid', creditLimit: 0, members: { a: 'owner' } });
  });
});

describe('what stays with the staff and what the owner sets', () => {
  it('a company read by its members carries no staff note; its billing address is blank unless set', () => {
    const company = companyFromData('c1', { name: 'Co', note: 'slow payer, ask for a deposit', billingEmail: 'ap@co.test' });
    expect(company).not.toHaveProperty('note');
    expect(company.billingEmail).toBe('ap@co.test');
    expect(companyFromData('c2', {}).billingEmail).toBe('');
  });
  it('staff notes live in their own document and read as blank when missing or mistyped', () => {
    expect(staffNotesPath('c1')).toBe('companies/c1/staff/notes');
    expect(staffNotesFromData({ note: 'Ask for a deposit' })).toEqual({ note: 'Ask for a deposit' });
    expect(staffNotesFromData(undefined)).toEqual({ note: '' });
    expect(staffNotesFromData({ note: 42 })).toEqual({ note: '' });
  });
});

describe('fixedPricesChange: exactly what a new map of fixed prices changes', () => {
  it('names added, changed and removed products with their prices before and after, and nothing else', () => {
    const change = fixedPricesChange({ kept: 1000, cheaper: 1750, gone: 1200 }, { kept: 1000, cheaper: 1600, fresh: 900 });
    expect(change).toEqual({
      from: { cheaper: 1750, fresh: null, gone: 1200 },
      to: { cheaper: 1600, fresh: 900, gone: null },
    });
    expect(fixedPricesChangeText(change!)).toBe('cheaper from $17.50 to $16.00; added fresh at $9.00; removed gone (was $12.00)');
  });
  it('is null when the maps hold the same prices, whatever their order', () => {
    expect(fixedPricesChange({ a: 1, b: 2 }, { b: 2, a: 1 })).toBeNull();
    expect(fixedPricesChange({}, {})).toBeNull();
  });
  it('a removed price of 0 is still a removal', () => {
    expect(fixedPricesChange({ free: 0 }, {})).toEqual({ from: { free: 0 }, to: { free: null } });
  });
});
