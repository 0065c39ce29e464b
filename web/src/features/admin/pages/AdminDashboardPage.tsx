import { ComingSoon } from '../../../components/ComingSoon';

export default function AdminDashboardPage() {
  return <ComingSoon title="Admin dashboard">Sales figures and stock alerts are being built.</ComingSoon>;
}
