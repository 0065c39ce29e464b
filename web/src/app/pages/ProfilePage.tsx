import { ProfileForm } from '../../features/auth/components/ProfileForm';
import { OrderHistory } from '../../features/orders/components/OrderHistory';

/** /profile: the account (auth feature) above the order history (orders feature). */
export default function ProfilePage() {
  return (
    <section className="page">
      <h1>My Profile</h1>
      <ProfileForm />
      <OrderHistory />
    </section>
  );
}
