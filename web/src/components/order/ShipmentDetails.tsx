import { CARRIERS, trackingUrl, type Shipment } from '@harbor/domain';
import './order.css';

/** The carrier and tracking number of a shipped order, with the carrier's tracking page. */
export function ShipmentDetails({ shipment }: { shipment: Shipment }) {
  return (
    <dl className="shipment-details">
      <dt>Carrier</dt>
      <dd>{CARRIERS[shipment.carrier].label}</dd>
      <dt>Tracking number</dt>
      <dd>
        <a href={trackingUrl(shipment)} target="_blank" rel="noreferrer noopener">
          {shipment.trackingNumber}
        </a>
      </dd>
    </dl>
  );
}
