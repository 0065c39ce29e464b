/**
 * Invitations to join a company: how long one stays open, whether a code may still be accepted,
 * what a refused code is told, and how many a company may send a day. The invitation callables
 * (functions) and the owner's list of open invitations (web) use these.
 */
import { INVITATION_DAYS, INVITATIONS_PER_DAY } from './config';
import { millisOf, storedChoice, storedText, type StoredData } from './storedFields';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `open` until it is accepted, withdrawn by the owner, replaced by a newer invitation to the same
 * address, or closed when that address's member is removed from the company. An open invitation
 * past `expiresAt` has expired: nothing needs to write that.
 */
export const INVITATION_STATUSES = ['open', 'accepted', 'withdrawn', 'replaced', 'closed'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export interface Invitation {
  /** The code the invited colleague accepts with; the document id. */
  code: string;
  companyId: string;
  companyName: string;
  /** The invited address, in lower case: only a user signed in with it may accept. */
  email: string;
  status: InvitationStatus;
  invitedBy: string;
  /** Milliseconds. */
  createdAt: number;
  expiresAt: number;
}

/** When an invitation sent at `createdAt` (ms) expires. */
export function invitationExpiresAt(createdAt: number): number {
  return createdAt + INVITATION_DAYS * DAY_MS;
}

/**
 * A stored invitation. One stored before invitations expired has no `expiresAt` and expires
 * INVITATION_DAYS after it was sent; an unknown status reads as closed, which nobody can accept.
 */
export function invitationFromData(code: string, data: StoredData): Invitation {
  const createdAt = millisOf(data.createdAt);
  return {
    code,
    companyId: storedText(data.companyId),
    companyName: storedText(data.companyName),
    email: storedText(data.email),
    status: storedChoice(INVITATION_STATUSES, data.status, 'closed'),
    invitedBy: storedText(data.invitedBy),
    createdAt,
    expiresAt: millisOf(data.expiresAt) || invitationExpiresAt(createdAt),
  };
}

/** Whether the invitation may be accepted at `now` (ms): open and not expired. */
export function isInvitationOpen(invitation: Pick<Invitation, 'status' | 'expiresAt'>, now: number): boolean {
  return invitation.status === 'open' && now < invitation.expiresAt;
}

// Made on first use: a page that shows no refusal should not pay for a formatter.
let dayFormat: Intl.DateTimeFormat | undefined;
let timeFormat: Intl.DateTimeFormat | undefined;

/** "Dec 11, 2026": the day an invitation expires, in UTC as the functions see it. */
export function invitationDay(at: number): string {
  dayFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
  return dayFormat.format(at);
}

/**
 * Why the invited colleague may not accept the invitation at `now` (ms), in a sentence that says
 * what happened to it and what to do; null when it is open.
 */
export function invitationRefusal(invitation: Pick<Invitation, 'status' | 'expiresAt' | 'companyName'>, now: number): string | null {
  const company = invitation.companyName || 'the company';
  switch (invitation.status) {
    case 'open':
      return now < invitation.expiresAt ? null : `This invitation expired on ${invitationDay(invitation.expiresAt)}. Ask the owner of ${company} for a new one.`;
    case 'accepted':
      return 'This invitation has already been used.';
    case 'withdrawn':
      return `This invitation was withdrawn by the owner of ${company}. Ask the owner for a new one if you should still join.`;
    case 'replaced':
      return `This invitation was replaced by a newer invitation to your address. Use the code in the latest invitation from ${company}.`;
    case 'closed':
      return `This invitation was closed when you were removed from ${company}. Ask the owner of ${company} for a new one if you should join again.`;
  }
}

/** How an invitation ended, for the owner; withdrawing one already withdrawn is no mistake (a retry). */
const ENDED: Record<Exclude<InvitationStatus, 'open' | 'withdrawn'>, string> = {
  accepted: 'has already been accepted',
  replaced: 'was replaced by a newer invitation',
  closed: 'was closed when the member was removed',
};

/** What an owner who tries to withdraw an invitation that is no longer open is told. */
export function invitationNotWithdrawable(status: keyof typeof ENDED): string {
  return `This invitation ${ENDED[status]}, so there is nothing to withdraw.`;
}

/**
 * The moments (ms) of the company's invitations sent in the 24 hours before `now`, oldest first,
 * from the stored count (anything else in it is dropped).
 */
export function invitationsSentSince(stored: unknown, now: number): number[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter((at): at is number => typeof at === 'number' && at > now - DAY_MS && at <= now).sort((a, b) => a - b);
}

/**
 * Why the company may not send another invitation at `now`, given what it sent in the last 24
 * hours (`invitationsSentSince`), saying when it may; null when it may.
 */
export function invitationLimitProblem(sentInLastDay: readonly number[], now: number): string | null {
  if (sentInLastDay.length < INVITATIONS_PER_DAY) return null;
  // The send that makes room again is the one INVITATIONS_PER_DAY from the end, a day after it was made.
  const freedAt = Math.max(now, sentInLastDay[sentInLastDay.length - INVITATIONS_PER_DAY]! + DAY_MS);
  timeFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  return `Your company has sent ${INVITATIONS_PER_DAY} invitations in the last 24 hours, the most we allow. You can send the next one after ${timeFormat.format(freedAt)} UTC.`;
}
