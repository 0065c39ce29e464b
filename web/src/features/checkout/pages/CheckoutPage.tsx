import { ComingSoon } from '../../../components/ComingSoon';

export default function CheckoutPage() {
  return <ComingSoon title="Checkout">Online ordering opens shortly; your cart is saved in the meantime.</ComingSoon>;
}
