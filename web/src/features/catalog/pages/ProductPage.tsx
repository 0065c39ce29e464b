import { ComingSoon } from '../../../components/ComingSoon';

export default function ProductPage() {
  return <ComingSoon title="Product details">Full product pages with volume pricing are being built.</ComingSoon>;
}
