import { ComingSoon } from '../../../components/ComingSoon';

export default function AdminProductFormPage() {
  return <ComingSoon title="Product form">Creating and editing products is being built.</ComingSoon>;
}
