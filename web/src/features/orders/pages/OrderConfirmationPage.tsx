import { ComingSoon } from '../../../components/ComingSoon';

export default function OrderConfirmationPage() {
  return <ComingSoon title="Order confirmation">Order confirmations appear here once checkout opens.</ComingSoon>;
}
