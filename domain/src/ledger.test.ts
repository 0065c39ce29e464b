import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountCredit, accountFigures, accountFromLedger, applyLedgerEvent, changedInvoices, emptyAccount, invoiceFigures, invoicePaid, paymentApplication, type Account, type LedgerFacts } from './ledger';
import { formatMoney } from './money';
import { invoiceOpenAmount } from './receivables';

const money = formatMoney;

/** Applies entries that must apply, as the callables do one at a time. */
function replay(entries: LedgerFacts[]): Account {
  return accountFromLedger(entries, money);
}

const figuresOf = (account: Account, number: string) => invoiceFigures(account.invoices.get(number)!);

describe('the ledger of one company', () => {
  it('a payment that bounces after its invoice was credited leaves no credit the company never paid', () => {
    const account = replay([
      { kind: 'invoice', reference: 'INV-000001', amount: 10_000 },
      { kind: 'payment', reference: 'P', amount: -10_000 },
      { kind: 'credit-note', reference: 'CN-000001', amount: -10_000, invoiceNumber: 'INV-000001' },
    ]);
    // The credit displaced the payment: the money is held on account.
    expect(accountFigures(account)).toEqual({ openInvoices: 0, unallocatedCredit: 10_000, ledgerBalance: -10_000 });
    const bounced = replay([
      { kind: 'invoice', reference: 'INV-000001', amount: 10_000 },
      { kind: 'payment', reference: 'P', amount: -10_000 },
      { kind: 'credit-note', reference: 'CN-000001', amount: -10_000, invoiceNumber: 'INV-000001' },
      { kind: 'payment-reversal', reference: 'P', amount: 10_000 },
    ]);
    expect(accountFigures(bounced)).toEqual({ openInvoices: 0, unallocatedCredit: 0, ledgerBalance: 0 });
    expect(figuresOf(bounced, 'INV-000001')).toEqual({ total: 10_000, amountPaid: 0, amountCredited: 10_000 });
  });

  it('credit spent on a later invoice is taken back from it when the payment that held it bounces', () => {
    const entries: LedgerFacts[] = [
      { kind: 'invoice', reference: 'INV-000001', amount: 10_000 },
      { kind: 'payment', reference: 'P', amount: -10_000 },
      { kind: 'credit-note', reference: 'CN-000001', amount: -10_000, invoiceNumber: 'INV-000001' },
      { kind: 'invoice', reference: 'INV-000002', amount: 6_000 },
    ];
    const before = replay(entries);
    expect(figuresOf(before, 'INV-000002').amountPaid).toBe(6_000);
    expect(accountCredit(before)).toBe(4_000);
    const after = replay([...entries, { kind: 'payment-reversal', reference: 'P', amount: 10_000 }]);
    expect(figuresOf(after, 'INV-000002')).toEqual({ total: 6_000, amountPaid: 0, amountCredited: 0 });
    expect(accountFigures(after)).toEqual({ openInvoices: 6_000, unallocatedCredit: 0, ledgerBalance: 6_000 });
    expect(changedInvoices(before, after)).toEqual(['INV-000002']);
  });

  it('a payment uses credit on account first and pays the named invoices or else the oldest', () => {
    const account = replay([
      { kind: 'invoice', reference: 'INV-000001', amount: 5_000 },
      { kind: 'invoice', reference: 'INV-000002', amount: 5_000 },
      { kind: 'payment', reference: 'A', amount: -7_000, allocations: [{ invoiceNumber: 'INV-000002', amount: 5_000 }] },
    ]);
    expect(figuresOf(account, 'INV-000002').amountPaid).toBe(5_000);
    expect(accountCredit(account)).toBe(2_000);
    const next = applyLedgerEvent(account, { kind: 'payment', reference: 'B', amount: -3_000 }, money);
    expect(next.ok).toBe(true);
    if (!next.ok) return;
    expect(figuresOf(next.account, 'INV-000001').amountPaid).toBe(5_000);
    expect(paymentApplication(next.account, 'A')).toEqual({ allocations: [{ invoiceNumber: 'INV-000001', amount: 2_000 }, { invoiceNumber: 'INV-000002', amount: 5_000 }], held: 0 });
    expect(paymentApplication(next.account, 'B')).toEqual({ allocations: [{ invoiceNumber: 'INV-000001', amount: 3_000 }], held: 0 });
  });

  it('money paid for an order before its invoice was issued pays that invoice, not an older one', () => {
    const account = replay([
      { kind: 'invoice', reference: 'INV-000001', amount: 10_000 },
      { kind: 'invoice', reference: 'INV-000002', amount: 5_000 },
      { kind: 'payment', reference: 'INV-000002', amount: -5_000 },
    ]);
    expect(figuresOf(account, 'INV-000001').amountPaid).toBe(0);
    expect(figuresOf(account, 'INV-000002').amountPaid).toBe(5_000);
  });

  it('refuses what cannot apply exactly, with a sentence, and leaves the account as it was', () => {
    const account = replay([
      { kind: 'invoice', reference: 'INV-000001', amount: 5_000 },
      { kind: 'payment', reference: 'P', amount: -5_000 },
      { kind: 'payment-reversal', reference: 'P', amount: 5_000 },
    ]);
    const cases: [LedgerFacts, RegExp][] = [
      [{ kind: 'payment-reversal', reference: 'P', amount: 5_000 }, /already been reversed/],
      [{ kind: 'payment-reversal', reference: 'Q', amount: 5_000 }, /not on this company's account/],
      [{ kind: 'credit-note', reference: 'CN-1', amount: -6_000, invoiceNumber: 'INV-000001' }, /more than the \$50\.00 of invoice INV-000001 not yet credited/],
      [{ kind: 'credit-note', reference: 'CN-1', amount: -1, invoiceNumber: 'INV-000009' }, /not on this account/],
      [{ kind: 'credit-applied', reference: 'X', amount: 0, allocations: [{ invoiceNumber: 'INV-000001', amount: 100 }] }, /holds \$0\.00 of credit/],
      [{ kind: 'invoice', reference: 'INV-000001', amount: 1 }, /already on this account/],
    ];
    for (const [event, problem] of cases) {
      const result = applyLedgerEvent(account, event, money);
      expect(result.ok ? 'applied' : result.problem).toMatch(problem);
    }
    const overpaid = applyLedgerEvent(account, { kind: 'payment', reference: 'R', amount: -9_000 }, money, { keepCredit: false });
    expect(overpaid.ok ? 'applied' : overpaid.problem).toMatch(/\$40\.00 more than it can pay/);
    expect(accountFigures(account)).toEqual({ openInvoices: 5_000, unallocatedCredit: 0, ledgerBalance: 5_000 });
  });
});

/** A random step a back office might take; references are picked from what exists so most apply. */
type Step =
  | { kind: 'invoice'; total: number }
  | { kind: 'payment'; amount: number; named: number[] | null; share: number }
  | { kind: 'credit-note'; invoice: number; share: number }
  | { kind: 'payment-reversal'; payment: number; wrongAmount: boolean }
  | { kind: 'credit-applied'; invoice: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('invoice' as const), total: fc.integer({ min: 0, max: 50_000 }) }),
  fc.record({ kind: fc.constant('payment' as const), amount: fc.integer({ min: 1, max: 60_000 }), named: fc.option(fc.array(fc.nat(20), { maxLength: 3 }), { nil: null }), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('credit-note' as const), invoice: fc.nat(20), share: fc.double({ min: 0.01, max: 1.05, noNaN: true }) }),
  fc.record({ kind: fc.constant('payment-reversal' as const), payment: fc.nat(20), wrongAmount: fc.integer({ min: 0, max: 9 }).map((draw) => draw === 0) }),
  fc.record({ kind: fc.constant('credit-applied' as const), invoice: fc.nat(20) }),
);

/** The ledger entry a step makes against `account`, as a back office would enter it. */
function entryFor(account: Account, step: Step, index: number): LedgerFacts {
  const invoices = [...account.invoices.keys()];
  const payments = [...account.lots.keys()];
  const pick = <T>(list: T[], at: number): T | undefined => list[at % Math.max(1, list.length)];
  switch (step.kind) {
    case 'invoice':
      return { kind: 'invoice', reference: `INV-${String(index).padStart(6, '0')}`, amount: step.total };
    case 'payment': {
      const named = step.named ? [...new Set(step.named.map((at) => pick(invoices, at)).filter((number): number is string => number !== undefined))] : null;
      const allocations = named?.map((invoiceNumber) => ({ invoiceNumber, amount: Math.floor(invoiceOpenAmount(invoiceFigures(account.invoices.get(invoiceNumber)!)) * step.share) }));
      return { kind: 'payment', reference: `P${index}`, amount: -step.amount, allocations: allocations?.length ? allocations : null };
    }
    case 'credit-note': {
      const invoiceNumber = pick(invoices, step.invoice) ?? 'INV-none';
      const invoice = account.invoices.get(invoiceNumber);
      const uncredited = invoice ? invoice.total - invoice.credited : 100;
      return { kind: 'credit-note', reference: `CN-${index}`, amount: -Math.max(1, Math.round(uncredited * step.share)), invoiceNumber };
    }
    case 'payment-reversal': {
      const id = pick(payments, step.payment) ?? 'P-none';
      const lot = account.lots.get(id);
      return { kind: 'payment-reversal', reference: id, amount: (lot?.amount ?? 1) + (step.wrongAmount ? 1 : 0) };
    }
    case 'credit-applied': {
      const invoiceNumber = pick(invoices, step.invoice) ?? 'INV-none';
      const invoice = account.invoices.get(invoiceNumber);
      const amount = Math.min(accountCredit(account), invoice ? invoiceOpenAmount(invoiceFigures(invoice)) : 1);
      return { kind: 'credit-applied', reference: `C${index}`, amount: 0, allocations: [{ invoiceNumber, amount }] };
    }
  }
}

/** What must hold of any account, whatever happened to it. */
function expectConsistent(account: Account, accepted: LedgerFacts[]): void {
  const { openInvoices, unallocatedCredit, ledgerBalance } = accountFigures(account);
  // The balance is the entries' sum, and it is exactly what is open less what is held.
  expect(ledgerBalance).toBe(accepted.reduce((total, entry) => total + entry.amount, 0));
  expect(ledgerBalance).toBe(openInvoices - unallocatedCredit);
  for (const invoice of account.invoices.values()) {
    const paid = invoicePaid(invoice);
    expect(invoice.credited).toBeGreaterThanOrEqual(0);
    expect(paid + invoice.credited).toBeLessThanOrEqual(invoice.total);
    for (const amount of invoice.paidBy.values()) expect(amount).toBeGreaterThan(0);
  }
  // Every payment's money is somewhere: on invoices or held; a reversed payment's is nowhere.
  for (const [id, lot] of account.lots) {
    const { allocations, held } = paymentApplication(account, id);
    const spent = allocations.reduce((total, entry) => total + entry.amount, 0);
    expect(held).toBeGreaterThanOrEqual(0);
    if (lot.reversed) expect(spent + held).toBe(0);
    else expect(spent + held).toBe(lot.amount);
  }
  // Money in equals money applied plus money held.
  const received = [...account.lots.values()].filter((lot) => !lot.reversed).reduce((total, lot) => total + lot.amount, 0);
  const credited = [...account.invoices.values()].reduce((total, invoice) => total + invoice.credited, 0);
  const applied = [...account.invoices.values()].reduce((total, invoice) => total + invoicePaid(invoice) + invoice.credited, 0);
  expect(received + credited).toBe(applied + unallocatedCredit);
}

/** What one accepted entry must have done, checked against the account before it rather than by the fold's own bookkeeping. */
function expectEffect(before: Account, after: Account, entry: LedgerFacts): void {
  const paidOf = (account: Account) => new Map([...account.invoices].map(([number, invoice]) => [number, invoicePaid(invoice)]));
  const [paidBefore, paidAfter] = [paidOf(before), paidOf(after)];
  if (entry.kind === 'payment-reversal') {
    // Every invoice loses exactly what the payment paid of it; credit loses exactly what it held.
    const { allocations, held } = paymentApplication(before, entry.reference);
    for (const [number, paid] of paidAfter) expect(paid).toBe(paidBefore.get(number)! - (allocations.find((allocation) => allocation.invoiceNumber === number)?.amount ?? 0));
    expect(accountCredit(after)).toBe(accountCredit(before) - held);
  } else if (entry.kind === 'credit-note') {
    // The invoice is credited by the whole amount; what it displaces of payments becomes credit, nothing else moves.
    const number = entry.invoiceNumber!;
    expect(after.invoices.get(number)!.credited).toBe(before.invoices.get(number)!.credited - entry.amount);
    const displaced = paidBefore.get(number)! - paidAfter.get(number)!;
    expect(displaced).toBe(Math.max(0, paidBefore.get(number)! + before.invoices.get(number)!.credited - entry.amount - before.invoices.get(number)!.total));
    expect(accountCredit(after)).toBe(accountCredit(before) + displaced);
  } else if (entry.kind === 'payment') {
    // The money goes to invoices or is held; credit on account is used before it.
    const spent = [...paidAfter].reduce((total, [number, paid]) => total + paid - (paidBefore.get(number) ?? 0), 0);
    expect(spent + accountCredit(after)).toBe(-entry.amount + accountCredit(before));
  }
}

/** Counts of the cases that matter, so a generator that stops making them fails the test. */
const seen = { reversalAfterCredit: 0, reversalReopeningOther: 0, creditApplied: 0, displacingCredit: 0 };

function countCase(before: Account, after: Account, entry: LedgerFacts): void {
  if (entry.kind === 'credit-applied') seen.creditApplied++;
  if (entry.kind === 'credit-note' && accountCredit(after) > accountCredit(before)) seen.displacingCredit++;
  if (entry.kind === 'payment-reversal') {
    const { allocations } = paymentApplication(before, entry.reference);
    if ([...before.invoices.values()].some((invoice) => invoice.credited > 0)) seen.reversalAfterCredit++;
    if (allocations.length > 1) seen.reversalReopeningOther++;
  }
}

/** A bounce as a back office lives it: paid, credited, more invoices paid from that credit, then the payment reversed. */
const bounce: fc.Arbitrary<Step[]> = fc
  .tuple(fc.integer({ min: 1, max: 30_000 }), fc.integer({ min: 0, max: 30_000 }), fc.double({ min: 0.1, max: 1, noNaN: true }), fc.nat(3))
  .map(([first, second, share, extra]) => [
    { kind: 'invoice', total: first },
    { kind: 'payment', amount: first + extra * 1000, named: null, share: 1 },
    { kind: 'credit-note', invoice: 1_000, share },
    { kind: 'invoice', total: second },
    { kind: 'payment-reversal', payment: 1_000, wrongAmount: false },
  ]);

describe('any sequence of invoices, payments, credit notes and reversals', () => {
  it('keeps every figure equal to what the ledger implies', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof({ weight: 4, arbitrary: step.map((each) => [each]) }, { weight: 1, arbitrary: bounce }), { minLength: 5, maxLength: 30, size: 'max' }), (groups) => {
        let account = emptyAccount();
        const accepted: LedgerFacts[] = [];
        // "1_000" in a bounce names the latest invoice or payment.
        groups.flat().forEach((each, index) => {
          const latest = (count: number) => Math.max(0, count - 1);
          const resolved: Step =
            each.kind === 'credit-note' && each.invoice === 1_000
              ? { ...each, invoice: latest(account.invoices.size) }
              : each.kind === 'payment-reversal' && each.payment === 1_000
                ? { ...each, payment: latest(account.lots.size) }
                : each;
          const entry = entryFor(account, resolved, index);
          const result = applyLedgerEvent(account, entry, money, { keepCredit: true });
          if (!result.ok) {
            // A refusal is a sentence and changes nothing.
            expect(result.problem).toMatch(/\.$/);
            return;
          }
          expectEffect(account, result.account, entry);
          countCase(account, result.account, entry);
          accepted.push(entry);
          account = result.account;
          expectConsistent(account, accepted);
        });
        // Folding the stored entries from the start gives the figures the steps arrived at.
        const folded = replay(accepted);
        expect(accountFigures(folded)).toEqual(accountFigures(account));
        for (const number of account.invoices.keys()) expect(figuresOf(folded, number)).toEqual(figuresOf(account, number));
      }),
      { numRuns: 300, seed: Number(process.env.LEDGER_SEED ?? 20261127), verbose: 1 },
    );
    // The sequences that broke the old ledger are generated often enough to mean something.
    expect(seen.reversalAfterCredit).toBeGreaterThan(50);
    expect(seen.displacingCredit).toBeGreaterThan(50);
    expect(seen.reversalReopeningOther).toBeGreaterThan(10);
    expect(seen.creditApplied).toBeGreaterThan(10);
    // 300 sequences take 3 to 8 s on a 2-core machine running the other layers beside it.
  }, 60_000);
});
