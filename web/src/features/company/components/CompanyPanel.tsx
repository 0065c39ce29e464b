import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { COMPANY_STATUS_LABELS, formatMoney, availableCredit, INVITATION_DAYS, limitsOf, limitsText, memberTermsText, PAYMENT_TERMS_LABELS, type Company } from '@harbor/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { MODAL_TOASTER } from '../../../components/Modal';
import { paths } from '../../../config';
import { useBuyerAccount } from '../../../lib/company';
import { useAuth } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { BillingEmail } from './BillingEmail';
import { CompanyAddresses } from './CompanyAddresses';
import { MemberEditor } from './MemberEditor';
import { OpenInvitations } from './OpenInvitations';
import { useAcceptInvitationMutation, useCreateInvitationMutation, useRemoveBuyerMutation } from '../api';

/** The owner invites colleagues by e-mail and withdraws open invitations, sets members' roles and limits, and removes buyers and approvers. */
function Members({ company, uid }: { company: Company; uid: string }) {
  const emailId = useId();
  const [createInvitation, { isLoading: inviting }] = useCreateInvitationMutation();
  const [removeBuyer, { isLoading: removing }] = useRemoveBuyerMutation();
  const [confirmingRemoval, setRemoving] = useState<{ uid: string; name: string } | null>(null);
  const [invitation, setInvitation] = useState<{ email: string; code: string } | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const listId = useId();

  async function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email') ?? '').trim();
    const result = await createInvitation({ email });
    if (result.error) return toast.error(result.error.message ?? 'The invitation could not be created. Please try again.');
    setInvitation({ email, code: result.data.code });
    form.reset();
  }

  async function remove({ uid: buyerUid, name }: { uid: string; name: string }) {
    const result = await removeBuyer(buyerUid);
    if (result.error) return toast.error(result.error.message ?? 'The buyer could not be removed. Please try again.', { toasterId: MODAL_TOASTER });
    setRemoving(null);
    toast.success(`${name} no longer buys for ${company.name}.`);
  }

  const link = invitation ? `${window.location.origin}${paths.profile}?invitation=${invitation.code}` : '';
  return (
    <>
      <h3>Members</h3>
      <ul className="plain-list member-list">
        {Object.entries(company.members).map(([memberUid, role]) => {
          const details = company.memberDetails[memberUid];
          const name = details?.name || details?.email || 'A colleague';
          const limits = limitsOf(company, memberUid);
          return (
            <li key={memberUid}>
              {name} <span className="muted">({memberTermsText(role, limits)}{details?.email ? `, ${details.email}` : ''})</span>{' '}
              <button
                type="button"
                id={`${listId}-${memberUid}`}
                className="link-button"
                aria-expanded={editing === memberUid}
                onClick={() => setEditing(editing === memberUid ? null : memberUid)}
              >
                Change role or limits <span className="visually-hidden">of {name}</span>
              </button>{' '}
              {role !== 'owner' && memberUid !== uid && (
                <button type="button" className="link-button danger" onClick={() => setRemoving({ uid: memberUid, name })}>
                  Remove <span className="visually-hidden">{name}</span>
                </button>
              )}
              {editing === memberUid && (
                <MemberEditor
                  companyId={company.id}
                  uid={memberUid}
                  name={name}
                  role={role}
                  limits={limits}
                  onDone={() => {
                    setEditing(null);
                    // Back to the button that opened the editor, not the top of the page.
                    document.getElementById(`${listId}-${memberUid}`)?.focus();
                  }}
                />
              )}
            </li>
          );
        })}
      </ul>
      <form className="invite-form" onSubmit={invite} aria-label="Invite a buyer">
        <label htmlFor={emailId}>Invite a colleague by e-mail</label>
        <div className="inline-fields">
          <input id={emailId} name="email" type="email" required autoComplete="off" />
          <button type="submit" className="button small" disabled={inviting}>
            Invite
          </button>
        </div>
      </form>
      {invitation && (
        <div className="notice" role="status">
          <p>
            We e-mailed this link to {invitation.email}; you can also pass it on yourself. Only that address can accept it, after signing in or registering, within {INVITATION_DAYS}{' '}
            days; a new invitation to the same address replaces it:
          </p>
          <p className="mono break">{link}</p>
          <p className="small muted">Invitation code: {invitation.code}</p>
        </div>
      )}
      <OpenInvitations companyId={company.id} />
      {confirmingRemoval && (
        <ConfirmDialog
          title={`Remove ${confirmingRemoval.name} from ${company.name}?`}
          confirmLabel={`Remove ${confirmingRemoval.name}`}
          cancelLabel={`Keep ${confirmingRemoval.name}`}
          busyLabel="Removing…"
          busy={removing}
          danger
          onConfirm={() => void remove(confirmingRemoval)}
          onClose={() => setRemoving(null)}
        >
          <p>They can no longer order for {company.name}, and every open invitation to their address is closed. To bring them back, invite them again.</p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** Accepting an invitation: the code from the link (?invitation=) or typed in. */
function JoinCompany() {
  const codeId = useId();
  const [params] = useSearchParams();
  const [acceptInvitation, { isLoading }] = useAcceptInvitationMutation();

  async function join(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    const result = await acceptInvitation({ code });
    if (result.error) toast.error(result.error.message ?? 'The invitation could not be accepted. Please try again.');
    else toast.success('You joined your company. Its prices and terms now apply.');
  }

  return (
    <form className="invite-form" onSubmit={join} aria-label="Join a company">
      <label htmlFor={codeId}>Invitation code</label>
      <div className="inline-fields">
        <input id={codeId} name="code" required defaultValue={params.get('invitation') ?? ''} autoComplete="off" />
        <button type="submit" className="button small" disabled={isLoading}>
          Join company
        </button>
      </div>
    </form>
  );
}

/** /profile: the user's company (status, terms, credit), its buyers for the owner, and joining by invitation. */
export function CompanyPanel() {
  const { user } = useAuth();
  const { company, loading } = useBuyerAccount();
  const [params] = useSearchParams();
  if (!user || loading) return null;
  const role = company?.members[user.uid];
  const invited = params.has('invitation');
  return (
    <section className="card company-panel" aria-labelledby="company-heading">
      <h2 id="company-heading">Company account</h2>
      {company && role ? (
        <>
          <p>
            <strong>{company.name}</strong> · {COMPANY_STATUS_LABELS[company.status]} · {PAYMENT_TERMS_LABELS[company.paymentTerms]}
            {company.paymentTerms !== 'prepaid' && <> · Available credit {formatMoney(availableCredit(company))}</>}
          </p>
          {role === 'buyer' && (
            <p className="small">
              Your spending limits: {limitsText(limitsOf(company, user.uid)) ?? 'none'}. Orders over them wait for an owner or approver of {company.name}.
            </p>
          )}
          {role === 'owner' && <Members company={company} uid={user.uid} />}
          {role === 'owner' && <CompanyAddresses addresses={company.shippingAddresses} />}
          {role === 'owner' && <BillingEmail company={company} />}
          {/* A pending application may be withdrawn by joining the company that invited you. */}
          {invited && company.status === 'pending' && role === 'owner' && <JoinCompany />}
        </>
      ) : (
        <>
          <p className="muted">Your account does not belong to a company. Join one with the invitation a colleague sent you.</p>
          <JoinCompany />
        </>
      )}
    </section>
  );
}
