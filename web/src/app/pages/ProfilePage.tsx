import { lazy, Suspense } from 'react';
import { maySeeCompanyDocument } from '@harbor/domain';
import { ChangePasswordForm } from '../../features/auth/components/ChangePasswordForm';
import { ProfileForm } from '../../features/auth/components/ProfileForm';
import { CompanyPanel } from '../../features/company/components/CompanyPanel';
import { ApprovalQueue } from '../../features/orders/components/ApprovalQueue';
import { BuyAgain } from '../../features/orders/components/BuyAgain';
import { OrderHistory } from '../../features/orders/components/OrderHistory';
import { useBuyerAccount } from '../../lib/company';
import { useAuth } from '../../lib/session';
import './profile.css';

// Only owners and approvers see the statement: its code (ageing, the period, the PDF download) loads with it.
const StatementOfAccount = lazy(() => import('../../features/company/components/StatementOfAccount').then((module) => ({ default: module.StatementOfAccount })));

/**
 * /profile in sections a person finds from the links at its top: the account and its password
 * (auth feature), the company and its members and, for its owner and approvers, the statement of
 * account (company feature), and the orders: "Buy again" and the order history (orders feature).
 * The orders awaiting the viewer's approval come first.
 */
export default function ProfilePage() {
  const { user } = useAuth();
  const { company } = useBuyerAccount();
  const seesStatement = Boolean(user && company && maySeeCompanyDocument(company.members[user.uid], false));
  const sections = [
    { id: 'account', label: 'Account' },
    { id: 'company', label: 'Company and members' },
    ...(seesStatement ? [{ id: 'statement', label: 'Statement' }] : []),
    { id: 'orders', label: 'Orders' },
  ];
  return (
    <section className="page profile-page">
      <h1>My Profile</h1>
      <nav className="profile-nav" aria-label="Profile sections">
        <ul>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      {/* What waits for the viewer comes first: orders its company's buyers need approved. */}
      <ApprovalQueue />
      <div className="profile-section" id="account" tabIndex={-1}>
        <ProfileForm />
        <ChangePasswordForm />
      </div>
      <div className="profile-section" id="company" tabIndex={-1}>
        <CompanyPanel />
      </div>
      {seesStatement && (
        <div className="profile-section" id="statement" tabIndex={-1}>
          <Suspense fallback={null}>
            <StatementOfAccount />
          </Suspense>
        </div>
      )}
      <div className="profile-section" id="orders" tabIndex={-1}>
        <BuyAgain />
        <OrderHistory />
      </div>
    </section>
  );
}
