import type { ApprovalOutlook } from '../../lib/company/approvalNeed';

/**
 * Before a buyer orders (checkout, a quote's acceptance): its spending limits, and when the order
 * is over them, that it will wait for its company's approval and why.
 */
export function ApprovalNotice({ approval }: { approval: ApprovalOutlook }) {
  return (
    <>
      {approval.limits && <p className="small muted">Your spending limits: {approval.limits}.</p>}
      {approval.need && (
        <div className="notice approval-needed" role="status">
          <p>{approval.need.message}.</p>
          <p className="small">You can still order: an owner or approver of your company approves it before it is processed, and you hear by e-mail.</p>
        </div>
      )}
    </>
  );
}
