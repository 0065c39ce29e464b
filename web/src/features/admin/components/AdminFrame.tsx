import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { Building2, LayoutDashboard, Package, ReceiptText } from 'lucide-react';
import { paths } from '../../../config';
import '../admin.css';

const SECTIONS = [
  { to: paths.adminDashboard, label: 'Dashboard', icon: LayoutDashboard },
  { to: paths.adminProducts, label: 'Products', icon: Package },
  { to: paths.adminOrders, label: 'Orders', icon: ReceiptText },
  { to: paths.adminCustomers, label: 'Customers', icon: Building2 },
];

interface AdminFrameProps {
  title: string;
  /** Buttons beside the title (e.g. "New product"). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The back-office frame: section tabs, the page title and its actions. */
export function AdminFrame({ title, actions, children }: AdminFrameProps) {
  return (
    <div className="admin">
      <nav className="admin-tabs" aria-label="Admin sections">
        {SECTIONS.map(({ to, label, icon: Icon }) => (
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
