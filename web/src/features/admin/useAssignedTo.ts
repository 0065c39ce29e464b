import type { StaffPermission } from '@harbor/domain';
import { useAuth } from '../../lib/session';

/**
 * Whose data a back-office list asks for: null when the signed-in staff member reads all of it
 * (it has `every`), else its uid, for a sales rep's lists of the companies assigned to it (the
 * rules let it list no others).
 */
export function useAssignedTo(every: StaffPermission): string | null {
  const { user, may } = useAuth();
  return may(every) ? null : (user?.uid ?? null);
}
