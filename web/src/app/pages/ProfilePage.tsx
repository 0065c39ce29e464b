import { lazy, Suspense } from 'react';
import { ChangePasswordForm } from '../../features/auth/components/ChangePasswordForm';
import { ProfileForm } from '../../features/auth/components/ProfileForm';
import { CompanyPanel } from '../../features/company/components/CompanyPanel';
import { ApprovalQueue } from '../../features/orders/components/ApprovalQueue';
import { BuyAgain } from '../../features/orders/components/BuyAgain';
import { OrderHistory } from '../../features/orders/components/OrderHistory';

// Only owners and approvers see the statement: its code (ageing, the period, the PDF download) loads with it.
const StatementOfAccount = lazy(() => import('../../features/company/components/StatementOfAccount').then((module) => ({ default: module.StatementOfAccount })));

/** /profile: the account and its password (auth feature), the company and, for its owner and approvers, the statement of account (company feature), the orders awaiting the viewer's approval, "Buy again" and the order history (orders feature). */
export default function ProfilePage() {
  return (
    <section className="page">
      <h1>My Profile</h1>
      {/* What waits for the viewer comes first: orders its company's buyers need approved. */}
      <ApprovalQueue />
      <ProfileForm />
      <CompanyPanel />
      <Suspense fallback={null}>
        <StatementOfAccount />
      </Suspense>
      <ChangePasswordForm />
      <BuyAgain />
      <OrderHistory />
    </section>
  );
}
