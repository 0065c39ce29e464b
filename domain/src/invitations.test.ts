import { describe, expect, it } from 'vitest';
import { INVITATION_DAYS, INVITATIONS_PER_DAY } from './config';
import { invitationExpiresAt, invitationFromData, invitationLimitProblem, invitationNotWithdrawable, invitationRefusal, invitationsSentSince, isInvitationOpen } from './invitations';

const DAY = 24 * 60 * 60 * 1000;
/** Nov 27, 2026, 10:00 UTC. */
const sent = Date.UTC(2026, 10, 27, 10);
const timestamp = (millis: number) => ({ toMillis: () => millis });

const stored = (fields: Record<string, unknown> = {}) =>
  invitationFromData('CODE', { companyId: 'co-1', companyName: 'Seaside Café', email: 'cole@harbor.test', invitedBy: 'olive', status: 'open', createdAt: timestamp(sent), expiresAt: timestamp(invitationExpiresAt(sent)), ...fields });

describe('an invitation', () => {
  it('is open for INVITATION_DAYS (14) after it was sent, and not a moment longer', () => {
    expect(INVITATION_DAYS).toBe(14);
    const invitation = stored();
    expect(invitation).toMatchObject({ code: 'CODE', companyId: 'co-1', status: 'open', createdAt: sent, expiresAt: sent + 14 * DAY });
    expect(isInvitationOpen(invitation, sent + 14 * DAY - 1)).toBe(true);
    expect(invitationRefusal(invitation, sent + 14 * DAY - 1)).toBeNull();
    expect(isInvitationOpen(invitation, sent + 14 * DAY)).toBe(false);
    expect(invitationRefusal(invitation, sent + 14 * DAY)).toBe('This invitation expired on Dec 11, 2026. Ask the owner of Seaside Café for a new one.');
  });

  it('stored before invitations expired, expires INVITATION_DAYS after it was sent; one without a date is expired', () => {
    expect(stored({ expiresAt: undefined }).expiresAt).toBe(sent + 14 * DAY);
    expect(isInvitationOpen(stored({ createdAt: undefined, expiresAt: undefined }), sent)).toBe(false);
  });

  it('with an unknown status reads as closed, which nobody accepts', () => {
    expect(stored({ status: 'pending' }).status).toBe('closed');
  });

  it('that has ended is refused with what happened to it, however early', () => {
    expect(invitationRefusal(stored({ status: 'withdrawn' }), sent)).toBe('This invitation was withdrawn by the owner of Seaside Café. Ask the owner for a new one if you should still join.');
    expect(invitationRefusal(stored({ status: 'replaced' }), sent)).toBe('This invitation was replaced by a newer invitation to your address. Use the code in the latest invitation from Seaside Café.');
    expect(invitationRefusal(stored({ status: 'closed' }), sent)).toBe(
      'This invitation was closed when you were removed from Seaside Café. Ask the owner of Seaside Café for a new one if you should join again.',
    );
    expect(invitationRefusal(stored({ status: 'accepted' }), sent)).toBe('This invitation has already been used.');
    for (const status of ['withdrawn', 'replaced', 'closed', 'accepted']) expect(isInvitationOpen(stored({ status }), sent)).toBe(false);
  });

  it('that has ended tells its owner why it cannot be withdrawn', () => {
    expect(invitationNotWithdrawable('accepted')).toBe('This invitation has already been accepted, so there is nothing to withdraw.');
    expect(invitationNotWithdrawable('replaced')).toBe('This invitation was replaced by a newer invitation, so there is nothing to withdraw.');
  });
});

describe('the daily limit of invitations', () => {
  const now = sent + DAY;
  /** `count` invitations, one a minute, the last `minutesAgo` minutes before now. */
  const sentBefore = (count: number, minutesAgo = 1) => Array.from({ length: count }, (_, index) => now - (minutesAgo + count - 1 - index) * 60_000);

  it('counts only what was sent in the last 24 hours, oldest first, from whatever is stored', () => {
    expect(invitationsSentSince(undefined, now)).toEqual([]);
    expect(invitationsSentSince([now - 1, 'x', now - DAY, now - DAY + 1, now + 1], now)).toEqual([now - DAY + 1, now - 1]);
  });

  it(`lets a company send ${INVITATIONS_PER_DAY} a day and says when it may send the next one`, () => {
    expect(INVITATIONS_PER_DAY).toBe(20);
    expect(invitationLimitProblem(sentBefore(19), now)).toBeNull();
    // The oldest of the 20 went at 9:40 (UTC): room again at 9:40 tomorrow.
    expect(invitationLimitProblem(sentBefore(20), now)).toBe(
      'Your company has sent 20 invitations in the last 24 hours, the most we allow. You can send the next one after Nov 29, 2026, 9:40 AM UTC.',
    );
    // Sent from 10:41 yesterday: room again at 10:41 today.
    expect(invitationLimitProblem(sentBefore(20, 23 * 60), now)).toBe(
      'Your company has sent 20 invitations in the last 24 hours, the most we allow. You can send the next one after Nov 28, 2026, 10:41 AM UTC.',
    );
  });
});
