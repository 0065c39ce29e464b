import { ProfileForm } from '../../features/auth/components/ProfileForm';
import { BuyAgain } from '../../features/orders/components/BuyAgain';
import { OrderHistory } from '../../features/orders/components/OrderHistory';

/** /profile: the account (auth feature) above "Buy again" and the order history (orders feature). */
export default function ProfilePage() {
  return (
    <section className="page">
      <h1>My Profile</h1>
      <ProfileForm />
      <BuyAgain />
      <OrderHistory />
    </section>
  );
}
