import { ComingSoon } from '../../../components/ComingSoon';

export default function AdminOrdersPage() {
  return <ComingSoon title="Orders">Order management is being built.</ComingSoon>;
}
