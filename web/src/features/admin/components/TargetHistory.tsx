import { staffReadsAuditOf } from '@harbor/domain';
import { useAuth } from '../../../lib/session';
import { useGetTargetHistoryQuery, useStaffNames } from '../staffApi';
import { AuditEntries } from './AuditEntries';

/** The latest audit entries about one document (`products/{id}`, `orders/{id}`, `companies/{id}`), for the roles that read them. */
export function TargetHistory({ target }: { target: string }) {
  const { role, may } = useAuth();
  const readable = staffReadsAuditOf(role, target.split('/')[0] ?? '');
  const { data, isError } = useGetTargetHistoryQuery(target, { skip: !readable });
  const nameOf = useStaffNames(!readable || !may('staff.manage'));
  if (!readable) return null;
  return (
    <section className="card table-card" aria-label="Recent changes">
      <h2>Recent changes</h2>
      {isError ? <p className="muted">The history could not be loaded.</p> : !data ? <p className="muted">Loading…</p> : data.length === 0 ? <p className="muted">No staff change recorded yet.</p> : <AuditEntries entries={data} label="Recent changes" nameOf={nameOf} />}
    </section>
  );
}
