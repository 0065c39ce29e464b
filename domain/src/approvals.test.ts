import { describe, expect, it } from 'vitest';
import { approvalDueAt, approvalNeeded, decideApprovalInputSchema, forDeciders, invoiceable, limitsOf, limitsText, mayDecideApproval, memberTermsText, possibleSpendingMonths, spendingMonth, updateMemberInputSchema } from './approvals';
import { companyFromData, isOverdue, maySeeCompanyDocument } from './company';
import { APPROVAL_DAYS } from './config';

const company = companyFromData('co-1', {
  members: { owner: 'owner', approver: 'approver', dana: 'buyer', free: 'buyer' },
  memberLimits: { dana: { orderLimit: 200_000, monthlyLimit: 500_000 }, approver: { orderLimit: 1 }, free: { orderLimit: 'lots' } },
});

describe('spending limits', () => {
  it('are a buyer’s own; an owner or approver has none, whatever is stored', () => {
    expect(limitsOf(company, 'dana')).toEqual({ orderLimit: 200_000, monthlyLimit: 500_000 });
    expect(limitsOf(company, 'approver')).toEqual({ orderLimit: null, monthlyLimit: null });
    expect(limitsOf(company, 'owner')).toEqual({ orderLimit: null, monthlyLimit: null });
    // A malformed stored limit reads as none; so does a stranger's.
    expect(limitsOf(company, 'free')).toEqual({ orderLimit: null, monthlyLimit: null });
    expect(limitsOf(company, 'stranger')).toEqual({ orderLimit: null, monthlyLimit: null });
  });

  it('let an order at the order limit through and hold one a cent over it', () => {
    const limits = limitsOf(company, 'dana');
    expect(approvalNeeded(limits, 200_000, 0)).toBeNull();
    expect(approvalNeeded(limits, 200_001, 0)).toEqual({ reason: 'order-limit', message: 'This order needs approval: it exceeds your order limit of $2,000.00' });
  });

  it('count the month’s earlier orders against the monthly limit, up to it exactly', () => {
    const limits = limitsOf(company, 'dana');
    expect(approvalNeeded(limits, 100_000, 400_000)).toBeNull();
    expect(approvalNeeded(limits, 100_001, 400_000)).toEqual({
      reason: 'monthly-limit',
      message: 'This order needs approval: with your orders this month ($4,000.00), it exceeds your monthly limit of $5,000.00',
    });
    // The order limit is named first when both are exceeded.
    expect(approvalNeeded(limits, 300_000, 400_000)?.reason).toBe('order-limit');
    expect(approvalNeeded({ orderLimit: null, monthlyLimit: null }, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)).toBeNull();
    expect(approvalNeeded({ orderLimit: 0, monthlyLimit: null }, 1, 0)?.reason).toBe('order-limit');
  });

  it('read as words for checkout and the company history', () => {
    expect(limitsText({ orderLimit: 200_000, monthlyLimit: 500_000 })).toBe('up to $2,000.00 an order, $5,000.00 a month');
    expect(limitsText({ orderLimit: null, monthlyLimit: 500_000 })).toBe('$5,000.00 a month');
    expect(limitsText({ orderLimit: null, monthlyLimit: null })).toBeNull();
    expect(memberTermsText('buyer', { orderLimit: 50_000, monthlyLimit: null })).toBe('Buyer, up to $500.00 an order');
    expect(memberTermsText('buyer', { orderLimit: null, monthlyLimit: null })).toBe('Buyer, no limit');
    expect(memberTermsText('approver', { orderLimit: 50_000, monthlyLimit: null })).toBe('Approver');
  });
});

describe('who sees a company’s documents', () => {
  it('shows a plain buyer only its own, an owner or approver all of them, and nobody outside the company another’s', () => {
    expect(maySeeCompanyDocument('buyer', true)).toBe(true);
    expect(maySeeCompanyDocument('buyer', false)).toBe(false);
    for (const role of ['owner', 'approver'] as const) {
      expect(maySeeCompanyDocument(role, true)).toBe(true);
      expect(maySeeCompanyDocument(role, false)).toBe(true);
    }
    expect(maySeeCompanyDocument(undefined, false)).toBe(false);
    // A buyer since removed still sees the orders it placed, as the orders' own rule says.
    expect(maySeeCompanyDocument(undefined, true)).toBe(true);
  });
});

describe('the month an order counts in', () => {
  it('is the calendar month in the company’s time zone', () => {
    const newYearUtc = Date.UTC(2027, 0, 1, 3, 0); // 03:00 UTC on 1 January: still 31 December in New York
    expect(spendingMonth(newYearUtc, 'UTC')).toBe('2027-01');
    expect(spendingMonth(newYearUtc, 'America/New_York')).toBe('2026-12');
    expect(spendingMonth(Date.UTC(2026, 10, 30, 23, 59, 59), 'UTC')).toBe('2026-11');
    expect(spendingMonth(Date.UTC(2026, 11, 1, 0, 0, 0), 'UTC')).toBe('2026-12');
  });

  it('is among the months placeOrder reads before it knows the time zone, in every zone', () => {
    const zones = Intl.supportedValuesOf('timeZone').concat('Etc/GMT+12', 'Etc/GMT-14', 'UTC');
    // Mid-month one month is read; around the turn of a month, both.
    const moments = [Date.UTC(2026, 10, 15, 12), Date.UTC(2026, 11, 31, 11, 59), Date.UTC(2026, 11, 31, 12), Date.UTC(2027, 0, 1, 0), Date.UTC(2027, 0, 1, 11, 59), Date.UTC(2027, 0, 1, 12)];
    for (const at of moments) {
      const possible = possibleSpendingMonths(at);
      for (const zone of zones) expect(possible).toContain(spendingMonth(at, zone));
    }
    expect(possibleSpendingMonths(Date.UTC(2026, 10, 15, 12))).toEqual(['2026-11']);
    expect(possibleSpendingMonths(Date.UTC(2027, 0, 1, 0))).toEqual(['2026-12', '2027-01']);
  });

  it('is UTC for a company whose stored time zone is missing or unknown', () => {
    expect(companyFromData('a', {}).timeZone).toBe('UTC');
    expect(companyFromData('a', { timeZone: 'Mars/Olympus' }).timeZone).toBe('UTC');
    expect(companyFromData('a', { timeZone: 'Europe/Berlin' }).timeZone).toBe('Europe/Berlin');
  });
});

describe('deciding', () => {
  it('is for an owner or approver who did not place the order', () => {
    expect(mayDecideApproval(company, 'owner', 'dana')).toBe(true);
    expect(mayDecideApproval(company, 'approver', 'dana')).toBe(true);
    expect(mayDecideApproval(company, 'approver', 'approver')).toBe(false);
    expect(mayDecideApproval(company, 'free', 'dana')).toBe(false);
    expect(mayDecideApproval(company, 'stranger', 'dana')).toBe(false);
  });

  it('has APPROVAL_DAYS from the order', () => {
    expect(approvalDueAt(Date.UTC(2026, 10, 26))).toBe(Date.UTC(2026, 10, 26 + APPROVAL_DAYS));
  });

  it('takes a reason to reject, and none to approve', () => {
    expect(decideApprovalInputSchema.safeParse({ orderId: 'HW-1', decision: 'approve' }).success).toBe(true);
    const noReason = decideApprovalInputSchema.safeParse({ orderId: 'HW-1', decision: 'reject', reason: '   ' });
    expect(noReason.error?.issues[0]?.message).toBe('Give a reason for rejecting the order.');
    expect(decideApprovalInputSchema.safeParse({ orderId: 'HW-1', decision: 'maybe' }).error?.issues[0]?.message).toBe('The decision must be approve or reject.');
    expect(decideApprovalInputSchema.safeParse({ orderId: 'HW-1', decision: 'reject', reason: 'x'.repeat(501) }).success).toBe(false);
  });

  it('an owner’s member change takes whole cents or null, and a known role', () => {
    expect(updateMemberInputSchema.safeParse({ companyId: 'c', uid: 'u', role: 'approver', orderLimit: null, monthlyLimit: null }).success).toBe(true);
    expect(updateMemberInputSchema.safeParse({ companyId: 'c', uid: 'u', orderLimit: 12.5 }).success).toBe(false);
    expect(updateMemberInputSchema.safeParse({ companyId: 'c', uid: 'u', orderLimit: -1 }).success).toBe(false);
    expect(updateMemberInputSchema.safeParse({ companyId: 'c', uid: 'u', role: 'admin' }).success).toBe(false);
    expect(updateMemberInputSchema.safeParse({ companyId: 'c', uid: 'u', role: 'buyer', extra: 1 }).success).toBe(false);
  });
});

describe('what an order held for approval owes', () => {
  it('takes an invoice only once its company approved it', () => {
    expect(invoiceable({ status: 'pending' })).toBe(true);
    expect(invoiceable({ status: 'awaiting-approval', approval: { decision: null } })).toBe(false);
    expect(invoiceable({ status: 'rejected', approval: { decision: 'rejected' } })).toBe(false);
    expect(invoiceable({ status: 'pending', approval: { decision: 'approved' } })).toBe(true);
    // Cancelled by staff while it waited: never approved, never invoiced.
    expect(invoiceable({ status: 'cancelled', approval: { decision: null } })).toBe(false);
  });

  it('is never overdue while it waits or once rejected', () => {
    const unpaid = { paymentStatus: 'unpaid' as const, dueDate: 1_000 };
    expect(isOverdue({ ...unpaid, status: 'pending' }, 2_000)).toBe(true);
    for (const status of ['awaiting-approval', 'rejected', 'cancelled']) expect(isOverdue({ ...unpaid, status }, 2_000)).toBe(false);
  });

  it('reads to its deciders in the third person, naming the buyer', () => {
    expect(forDeciders('This order needs approval: it exceeds your order limit of $500.00', 'Dana Reyes')).toBe('This order needs approval: it exceeds Dana Reyes\'s order limit of $500.00');
    expect(forDeciders('This order needs approval: with your orders this month ($850.00), it exceeds your monthly limit of $1,000.00', 'Dana Reyes')).toBe(
      'This order needs approval: with Dana Reyes\'s orders this month ($850.00), it exceeds their monthly limit of $1,000.00',
    );
    expect(forDeciders('This order needs approval: it exceeds your order limit of $500.00', '')).toBe("This order needs approval: it exceeds the buyer's order limit of $500.00");
  });
});
