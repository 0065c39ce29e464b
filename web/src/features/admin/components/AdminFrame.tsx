import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { Building2, FileQuestion, History, Landmark, LayoutDashboard, Package, PackageCheck, Plug, ReceiptText, Undo2, UserCog } from 'lucide-react';
import type { StaffPermission } from '@harbor/domain';
import { paths } from '../../../config';
import { useAuth } from '../../../lib/session';
import '../admin.css';

/** The back office's sections, each shown to the roles that may use it (as the router lets them in). */
const SECTIONS: { to: string; label: string; icon: typeof Package; permissions: StaffPermission[] | null }[] = [
  { to: paths.adminDashboard, label: 'Dashboard', icon: LayoutDashboard, permissions: null },
  { to: paths.adminProducts, label: 'Products', icon: Package, permissions: ['products.edit', 'stock.adjust'] },
  { to: paths.adminOrders, label: 'Orders', icon: ReceiptText, permissions: ['orders.read', 'orders.readAssigned'] },
  { to: paths.adminReturns, label: 'Returns', icon: Undo2, permissions: ['orders.read', 'orders.readAssigned'] },
  { to: paths.adminToShip, label: 'To ship', icon: PackageCheck, permissions: ['orders.fulfil'] },
  { to: paths.adminCustomers, label: 'Customers', icon: Building2, permissions: ['companies.read', 'companies.readAssigned'] },
  { to: paths.adminReceivables, label: 'Receivables', icon: Landmark, permissions: ['payments.record', 'companies.read'] },
  { to: paths.adminQuotes, label: 'Quotes', icon: FileQuestion, permissions: ['quotes.respond'] },
  { to: paths.adminStaff, label: 'Staff', icon: UserCog, permissions: ['staff.manage'] },
  { to: paths.adminAudit, label: 'Audit log', icon: History, permissions: ['audit.read'] },
  { to: paths.adminIntegrations, label: 'Integrations', icon: Plug, permissions: ['integrations.manage'] },
];

interface AdminFrameProps {
  title: string;
  /** Buttons beside the title (e.g. "New product"). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The back-office frame: section tabs, the page title and its actions. */
export function AdminFrame({ title, actions, children }: AdminFrameProps) {
  const { may } = useAuth();
  return (
    <div className="admin">
      <nav className="admin-tabs" aria-label="Admin sections">
        {SECTIONS.filter(({ permissions }) => !permissions || permissions.some(may)).map(({ to, label, icon: Icon }) => (
          <NavLink key={to} to={to} className="admin-tab">
            <Icon size={18} aria-hidden="true" />
            {label}
          </NavLink>
        ))}
      </nav>
      <div className="admin-heading">
        <div>
          <p className="eyebrow">Back office</p>
          <h1>{title}</h1>
        </div>
        {actions && <div className="admin-heading-actions">{actions}</div>}
      </div>
      {children}
    </div>
  );
}
