import { useEffect, useId, useRef, useState } from 'react';
import { isInvitationOpen, MEMBER_ROLE_LABELS, type Invitation } from '@harbor/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadError } from '../../../components/LoadError';
import { MODAL_TOASTER } from '../../../components/Modal';
import { Spinner } from '../../../components/Spinner';
import { TableHead } from '../../../components/TableHead';
import { formatDay } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useGetOpenInvitationsQuery, useWithdrawInvitationMutation } from '../api';

/** The owner's invitations that may still be accepted: to whom, when sent, until when; each may be withdrawn. */
export function OpenInvitations({ companyId }: { companyId: string }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { data, error, isLoading, refetch } = useGetOpenInvitationsQuery(companyId);
  const [withdrawInvitation, { isLoading: withdrawing }] = useWithdrawInvitationMutation();
  const [confirming, setConfirming] = useState<Invitation | null>(null);
  const [withdrawnCode, setWithdrawnCode] = useState<string | null>(null);
  // Expiry as of when the page opened.
  const [now] = useState(() => Date.now());

  async function withdraw(invitation: Invitation) {
    const result = await withdrawInvitation({ code: invitation.code });
    if (result.error) return toast.error(result.error.message ?? 'The invitation could not be withdrawn. Please try again.', { toasterId: MODAL_TOASTER });
    setConfirming(null);
    setWithdrawnCode(invitation.code);
    toast.success(`The invitation to ${invitation.email} was withdrawn; its code no longer works.`);
  }

  // Its row and button go: once the dialog has closed (and given the focus back to that button), the list's heading takes it.
  useEffect(() => {
    if (withdrawnCode) heading.current?.focus();
  }, [withdrawnCode]);

  const open = data?.filter((invitation) => isInvitationOpen(invitation, now));
  return (
    <>
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        Open invitations
      </h3>
      {isLoading ? (
        <Spinner label="Loading the open invitations…" />
      ) : !open ? (
        <LoadError error={error} fallback="The open invitations could not be loaded." onRetry={refetch} />
      ) : open.length === 0 ? (
        <p className="muted">No invitation is waiting to be accepted.</p>
      ) : (
        <div className="table-scroll">
          <table className="order-table statement-table" aria-labelledby={headingId}>
            <TableHead columns={['Invited address', 'Joins as', 'Sent', 'Expires', { label: 'Actions', hidden: true }]} />
            <tbody>
              {open.map((invitation) => (
                <tr key={invitation.code}>
                  <th scope="row">{invitation.email}</th>
                  <td data-label="Joins as">{MEMBER_ROLE_LABELS.buyer}</td>
                  <td data-label="Sent">{formatDay(invitation.createdAt)}</td>
                  <td data-label="Expires">{formatDay(invitation.expiresAt)}</td>
                  <td>
                    <button type="button" className="link-button danger" onClick={() => setConfirming(invitation)}>
                      Withdraw <span className="visually-hidden">the invitation to {invitation.email}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={`Withdraw the invitation to ${confirming.email}?`}
          confirmLabel="Withdraw invitation"
          cancelLabel="Keep the invitation"
          busyLabel="Withdrawing…"
          busy={withdrawing}
          danger
          onConfirm={() => void withdraw(confirming)}
          onClose={() => setConfirming(null)}
        >
          <p>Its code will no longer work. You can send a new invitation to the same address at any time.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
