/**
 * Purchase approvals: a buyer's spending limits, whether an order needs an approver of the
 * company, who may decide it, and the month its amount counts in. `placeOrder` and
 * `decideApproval` (functions) and the checkout and profile pages (web) all use these.
 */
import { z } from 'zod';
import { decidesApprovals, MEMBER_ROLE_LABELS, MEMBER_ROLES, NO_LIMITS, type Company, type MemberRole, type SpendingLimits } from './company';
import { APPROVAL_DAYS } from './config';
import { formatMoney } from './money';
import { centsSchema, documentIdSchema } from './schemas';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The reason an order not decided within APPROVAL_DAYS is rejected with. */
export const APPROVAL_EXPIRED_REASON = 'not approved in time';

/** A member's limits: a buyer's as the owner set them; an owner and an approver have none. */
export function limitsOf(company: Pick<Company, 'members' | 'memberLimits'>, uid: string): SpendingLimits {
  return company.members[uid] === 'buyer' ? (company.memberLimits[uid] ?? NO_LIMITS) : NO_LIMITS;
}

/**
 * The calendar month (`YYYY-MM`) that the moment `at` (ms) falls in, in the company's time zone:
 * a buyer's monthly limit counts the orders placed in it.
 */
export function spendingMonth(at: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((each) => each.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/** Civil time runs from 12 hours behind UTC to 14 ahead (Baker Island to Kiribati). */
const UTC_OFFSETS_MS = { behind: 12 * 60 * 60 * 1000, ahead: 14 * 60 * 60 * 1000 };

/**
 * Every month `spendingMonth(at, timeZone)` can be, whatever the time zone (one, or two around the
 * turn of a month): placeOrder reads the buyer's total of each with the company, before it knows
 * the company's time zone.
 */
export function possibleSpendingMonths(at: number): string[] {
  return [...new Set([spendingMonth(at - UTC_OFFSETS_MS.behind, 'UTC'), spendingMonth(at + UTC_OFFSETS_MS.ahead, 'UTC')])];
}

/** The document (under `companies/{id}/spending`) that keeps a buyer's total for a month. */
export function spendingDocId(uid: string, month: string): string {
  return `${uid}_${month}`;
}

export interface ApprovalNeed {
  reason: 'order-limit' | 'monthly-limit';
  /** What checkout shows and the order keeps. */
  message: string;
}

/**
 * Whether an order of `total` cents needs approval: it is over the buyer's order limit, or, with
 * what the buyer has ordered this month (`spentThisMonth`, orders not cancelled or rejected), over
 * its monthly limit. Exactly at a limit is within it.
 */
export function approvalNeeded(limits: SpendingLimits, total: number, spentThisMonth: number): ApprovalNeed | null {
  if (limits.orderLimit !== null && total > limits.orderLimit) {
    return { reason: 'order-limit', message: `This order needs approval: it exceeds your order limit of ${formatMoney(limits.orderLimit)}` };
  }
  if (limits.monthlyLimit !== null && spentThisMonth + total > limits.monthlyLimit) {
    return {
      reason: 'monthly-limit',
      message: `This order needs approval: with your orders this month (${formatMoney(spentThisMonth)}), it exceeds your monthly limit of ${formatMoney(limits.monthlyLimit)}`,
    };
  }
  return null;
}

/** A buyer's limits in words, for checkout and the members list; null when it has none. */
export function limitsText(limits: SpendingLimits): string | null {
  const parts = [
    ...(limits.orderLimit !== null ? [`up to ${formatMoney(limits.orderLimit)} an order`] : []),
    ...(limits.monthlyLimit !== null ? [`${formatMoney(limits.monthlyLimit)} a month`] : []),
  ];
  return parts.length ? parts.join(', ') : null;
}

/** A member's role and limits in words, as the company's history records a change of them. */
export function memberTermsText(role: MemberRole, limits: SpendingLimits): string {
  return [MEMBER_ROLE_LABELS[role], ...(role === 'buyer' ? [limitsText(limits) ?? 'no limit'] : [])].join(', ');
}

/** Who may approve or reject an order of the company: its owner or an approver, never the member who placed it. */
export function mayDecideApproval(company: Pick<Company, 'members'>, uid: string, placedBy: string): boolean {
  return decidesApprovals(company.members[uid]) && uid !== placedBy;
}

/** When an order placed at `placedAt` (ms) that waits for approval is rejected as not approved in time. */
export function approvalDueAt(placedAt: number): number {
  return placedAt + APPROVAL_DAYS * DAY_MS;
}

const limitSchema = centsSchema.nullable().optional();

/**
 * The owner changes a member's role and limits. A role or limit left out stays as it is; `null`
 * is no limit. An owner's or approver's limits are always none.
 */
export const updateMemberInputSchema = z.strictObject({
  companyId: documentIdSchema('Company id'),
  uid: documentIdSchema('User id'),
  role: z.enum(MEMBER_ROLES, `Role must be one of ${MEMBER_ROLES.join(', ')}.`).optional(),
  orderLimit: limitSchema,
  monthlyLimit: limitSchema,
});
export type UpdateMemberInput = z.input<typeof updateMemberInputSchema>;

export const APPROVAL_DECISIONS = ['approve', 'reject'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

/** An owner's or approver's decision on an order awaiting approval; rejecting needs a reason. */
export const decideApprovalInputSchema = z
  .strictObject({
    orderId: documentIdSchema('Order id'),
    decision: z.enum(APPROVAL_DECISIONS, 'The decision must be approve or reject.'),
    reason: z.string().trim().max(500, 'The reason is too long (at most 500 characters).').default(''),
  })
  .superRefine((input, context) => {
    if (input.decision === 'reject' && !input.reason) context.addIssue({ code: 'custom', path: ['reason'], message: 'Give a reason for rejecting the order.' });
  });
export type DecideApprovalInput = z.input<typeof decideApprovalInputSchema>;

/**
 * Whether an order takes an invoice: not while it awaits its company's approval, and never when
 * the company did not approve it (rejected, or cancelled while it waited).
 */
export function invoiceable(order: { status: string; approval?: { decision: OrderApproval['decision'] } }): boolean {
  if (order.status === 'awaiting-approval' || order.status === 'rejected') return false;
  return !order.approval || order.approval.decision === 'approved';
}

/**
 * The stored sentence of why an order needs approval (the buyer's words), as anyone but that buyer
 * reads it: "it exceeds Dana Reyes's order limit of $500.00".
 */
export function forDeciders(message: string, buyerName: string): string {
  return message.replace('your ', buyerName ? `${buyerName}'s ` : "the buyer's ").replaceAll('your ', 'their ');
}

/** What an order awaiting approval keeps, and what the decision adds (`orders/{id}.approval`). */
export interface OrderApproval {
  reason: ApprovalNeed['reason'];
  message: string;
  /** ms: rejected as not approved in time after this. */
  dueAt: number;
  decision: 'approved' | 'rejected' | null;
  decidedBy: string;
  decidedByName: string;
  decidedAt: number | null;
  decisionReason: string;
}
