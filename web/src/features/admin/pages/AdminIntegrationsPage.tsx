import { AdminFrame } from '../components/AdminFrame';
import { AccountingSettingsForm } from '../components/integrations/AccountingSettingsForm';
import { ApiKeysSection } from '../components/integrations/ApiKeysSection';
import { WebhookEndpointsSection } from '../components/integrations/WebhookEndpointsSection';

/** /admin/integrations: the REST API's keys, the webhook endpoints with their deliveries, and the accounting export's settings (admins). */
export default function AdminIntegrationsPage() {
  return (
    <AdminFrame title="Integrations">
      <div className="integrations">
        <ApiKeysSection />
        <WebhookEndpointsSection />
        <AccountingSettingsForm />
      </div>
    </AdminFrame>
  );
}
