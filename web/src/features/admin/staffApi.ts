/**
 * The staff and the audit log: who has a back-office role (`setStaffRole` gives and takes roles),
 * and every staff change, filtered by person, action, target and date (admins only, by the rules).
 */
import { getDocs, limit, orderBy, query, Timestamp, where, type QueryConstraint } from 'firebase/firestore/lite';
import { STAFF_ROLES, type AuditEntry, type NameOf, type SetStaffRoleInput, type StaffRole } from '@harbor/domain';
import { api, queryResult } from '../../lib/api';
import { callFunction } from '../../lib/callable';
import { auditCollection, userCollection, type UserRecord } from '../../lib/converters/staffConverters';
import { db } from '../../lib/firebase';
import { readAllPages, readPage, type ListOrder, type Page, type PagePosition } from '../../lib/pagination';

const AUDIT_PAGE_SIZE = 25;
/** The CSV export stops here rather than reading an unbounded log. */
export const AUDIT_EXPORT_LIMIT = 5000;
const NEWEST_FIRST: ListOrder = { field: 'at', direction: 'desc', kind: 'timestamp' };

export interface AuditFilter {
  /** A staff member's uid; '' for anyone. */
  actor: string;
  /** An action (AUDIT_ACTIONS); '' for any. */
  action: string;
  /** A document path such as `products/bev-1001`; '' for any. */
  target: string;
  /** Days as yyyy-mm-dd (UTC), inclusive; '' for no bound. */
  from: string;
  to: string;
}

function auditQuery({ actor, action, target, from, to }: AuditFilter) {
  const day = (text: string) => Timestamp.fromMillis(Date.parse(`${text}T00:00:00Z`));
  const filters: QueryConstraint[] = [
    ...(actor ? [where('actor.uid', '==', actor)] : []),
    ...(action ? [where('action', '==', action)] : []),
    ...(target ? [where('target', '==', target)] : []),
    ...(from ? [where('at', '>=', day(from))] : []),
    ...(to ? [where('at', '<', Timestamp.fromMillis(day(to).toMillis() + 86_400_000))] : []),
  ];
  return query(auditCollection(db), ...filters);
}

function auditPage(filter: AuditFilter, position: PagePosition, pageSize = AUDIT_PAGE_SIZE): Promise<Page<AuditEntry>> {
  return readPage(auditQuery(filter), { order: NEWEST_FIRST, cursor: position.cursor, direction: position.direction, pageSize });
}

async function auditForExport(filter: AuditFilter): Promise<{ entries: AuditEntry[]; truncated: boolean }> {
  const { rows, truncated } = await readAllPages((position) => auditPage(filter, position, 500), AUDIT_EXPORT_LIMIT);
  return { entries: rows, truncated };
}

const staffApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every user with a staff role, by name. */
    getStaff: build.query<UserRecord[], void>({
      queryFn: () =>
        queryResult(async () => {
          const users = await getDocs(query(userCollection(db), where('role', 'in', [...STAFF_ROLES])));
          return users.docs.map((user) => user.data()).sort((a, b) => (a.name || a.email).localeCompare(b.name || b.email));
        }, 'The staff could not be loaded. Please try again.'),
      providesTags: ['Staff'],
    }),
    /** The user with this e-mail address, to give a role to; null when there is none. */
    findUserByEmail: build.query<UserRecord | null, string>({
      queryFn: (email) =>
        queryResult(async () => {
          // As typed and in lower case: profiles keep the address as it was registered.
          const spellings = [...new Set([email.trim(), email.trim().toLowerCase()])];
          const users = await getDocs(query(userCollection(db), where('email', 'in', spellings), limit(1)));
          return users.docs[0]?.data() ?? null;
        }, 'The user could not be looked up. Please try again.'),
      keepUnusedDataFor: 0,
    }),
    setStaffRole: build.mutation<{ uid: string; role: StaffRole | null }, SetStaffRoleInput>({
      queryFn: (input) => queryResult(() => callFunction<SetStaffRoleInput, { uid: string; role: StaffRole | null }>('setStaffRole', input), 'The role could not be changed. Please try again.'),
      invalidatesTags: ['Staff', 'Audit'],
    }),
    getAuditLog: build.query<Page<AuditEntry>, { filter: AuditFilter; position: PagePosition }>({
      queryFn: ({ filter, position }) => queryResult(() => auditPage(filter, position), 'The audit log could not be loaded. Please try again.'),
      providesTags: ['Audit'],
    }),
    exportAuditLog: build.query<{ entries: AuditEntry[]; truncated: boolean }, AuditFilter>({
      queryFn: (filter) => queryResult(() => auditForExport(filter), 'The audit log could not be exported. Please try again.'),
      keepUnusedDataFor: 0,
    }),
    /** The latest entries about one document (a product, an order, a company), for its own page. */
    getTargetHistory: build.query<AuditEntry[], string>({
      queryFn: (target) =>
        queryResult(async () => {
          // The kind in the query too: the rules let finance read the entries of some kinds only.
          const entries = query(auditCollection(db), where('targetKind', '==', target.split('/')[0]), where('target', '==', target), orderBy('at', 'desc'), limit(10));
          return (await getDocs(entries)).docs.map((entry) => entry.data());
        }, 'The history could not be loaded.'),
      providesTags: ['Audit'],
    }),
  }),
});

export const { useGetStaffQuery, useLazyFindUserByEmailQuery, useSetStaffRoleMutation, useGetAuditLogQuery, useLazyExportAuditLogQuery, useGetTargetHistoryQuery } = staffApi;

/** Names staff members by uid, for the audit changes that name one (a sales rep); from the staff list, which admins read (`skip` for anyone else). */
export function useStaffNames(skip = false): NameOf {
  const { data } = useGetStaffQuery(undefined, { skip });
  return (uid) => data?.find((member) => member.uid === uid)?.name || undefined;
}
