import { useId, useState, type FormEvent } from 'react';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@harbor/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { failureMessage, LoadError } from '../../../components/LoadError';
import { MODAL_TOASTER } from '../../../components/Modal';
import { Spinner } from '../../../components/Spinner';
import type { UserRecord } from '../../../lib/converters/staffConverters';
import { useAuth } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { AdminFrame } from '../components/AdminFrame';
import { useGetStaffQuery, useLazyFindUserByEmailQuery, useSetStaffRoleMutation } from '../staffApi';

const personOf = (user: UserRecord) => user.name || user.email || user.uid;

/** Gives a role to a registered user, found by e-mail address. */
function AddStaffForm() {
  const formId = useId();
  const [findUser, lookup] = useLazyFindUserByEmailQuery();
  const [setStaffRole, saving] = useSetStaffRoleMutation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('warehouse');
  const [problem, setProblem] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return setProblem('Enter the e-mail address the person registered with.');
    const found = await findUser(email);
    if (found.error) return setProblem(failureMessage(found.error, 'The user could not be looked up. Please try again.'));
    if (!found.data) return setProblem(`No one has registered with ${email.trim()}. Ask them to register in the shop first.`);
    const result = await setStaffRole({ uid: found.data.uid, role });
    if ('error' in result) return setProblem(failureMessage(result.error, 'The role could not be given. Please try again.'));
    setProblem('');
    setEmail('');
    toast.success(`${personOf(found.data)} is now ${STAFF_ROLE_LABELS[role].toLowerCase()} staff.`);
  }

  const busy = lookup.isFetching || saving.isLoading;
  return (
    <form className="card form-grid" onSubmit={submit} aria-labelledby={`${formId}-title`} noValidate>
      <h2 id={`${formId}-title`} className="span-2">
        Add a member of staff
      </h2>
      <div className="field">
        <label htmlFor={`${formId}-email`}>E-mail address</label>
        <input id={`${formId}-email`} type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" aria-invalid={Boolean(problem)} />
      </div>
      <div className="field">
        <label htmlFor={`${formId}-role`}>Role</label>
        <select id={`${formId}-role`} value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
          <RoleOptions />
        </select>
      </div>
      {problem && (
        <p className="field-error span-2" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button span-2" disabled={busy}>
        {busy ? 'Saving…' : 'Give role'}
      </button>
    </form>
  );
}

/** The staff roles, as the options of a role select. */
function RoleOptions() {
  return STAFF_ROLES.map((each) => (
    <option key={each} value={each}>
      {STAFF_ROLE_LABELS[each]}
    </option>
  ));
}

/** One member of staff: its role can be changed or taken away (after a confirmation), except one's own. */
function StaffRow({ member, isSelf, onRemove }: { member: UserRecord; isSelf: boolean; onRemove: (member: UserRecord) => void }) {
  const [setStaffRole, { isLoading }] = useSetStaffRoleMutation();
  async function change(role: StaffRole) {
    const result = await setStaffRole({ uid: member.uid, role });
    if ('error' in result) toast.error(failureMessage(result.error, 'The role could not be changed. Please try again.'));
    else toast.success(`${personOf(member)} is now ${STAFF_ROLE_LABELS[role].toLowerCase()} staff.`);
  }
  return (
    <tr>
      <td>
        {personOf(member)}
        {isSelf && <span className="muted small"> (you)</span>}
        <span className="sku">{member.email}</span>
      </td>
      <td>
        <label className="visually-hidden" htmlFor={`role-${member.uid}`}>
          Role of {personOf(member)}
        </label>
        <select id={`role-${member.uid}`} value={member.role} disabled={isSelf || isLoading} onChange={(event) => change(event.target.value as StaffRole)}>
          <RoleOptions />
        </select>
      </td>
      <td className="row-actions">
        {!isSelf && (
          <button type="button" className="button small secondary" disabled={isLoading} onClick={() => onRemove(member)}>
            Remove role <span className="visually-hidden">of {personOf(member)}</span>
          </button>
        )}
      </td>
    </tr>
  );
}

/** Who works in the back office, with which role (admins only). */
export default function AdminStaffPage() {
  const { user } = useAuth();
  const { data, error, isLoading, refetch } = useGetStaffQuery();
  const [setStaffRole, removal] = useSetStaffRoleMutation();
  const [removing, setRemoving] = useState<UserRecord | null>(null);

  async function confirmRemove() {
    if (!removing) return;
    const result = await setStaffRole({ uid: removing.uid, role: null });
    if ('error' in result) {
      toast.error(failureMessage(result.error, 'The role could not be removed. Please try again.'), { toasterId: MODAL_TOASTER });
      return;
    }
    toast.success(`${personOf(removing)} no longer has a back-office role.`);
    setRemoving(null);
  }

  return (
    <AdminFrame title="Staff">
      <AddStaffForm />
      {isLoading ? (
        <Spinner label="Loading the staff…" />
      ) : !data ? (
        <LoadError error={error} fallback="The staff could not be loaded." onRetry={refetch} />
      ) : (
        <section className="card table-card" aria-label="Staff members">
          <div className="table-scroll">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Person</th>
                  <th scope="col">Role</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.map((member) => (
                  <StaffRow key={member.uid} member={member} isSelf={member.uid === user?.uid} onRemove={setRemoving} />
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      {removing && (
        <ConfirmDialog
          title={`Remove the role of ${personOf(removing)}?`}
          confirmLabel="Remove role"
          cancelLabel="Keep the role"
          busyLabel="Removing…"
          busy={removal.isLoading}
          danger
          onConfirm={confirmRemove}
          onClose={() => setRemoving(null)}
        >
          <p>{personOf(removing)} keeps the account but no longer sees the back office. The audit log keeps what they did.</p>
        </ConfirmDialog>
      )}
    </AdminFrame>
  );
}
