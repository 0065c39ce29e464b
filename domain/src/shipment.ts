/** The carriers the shop ships with: how their tracking numbers look and where to follow a parcel. */
export const CARRIERS = {
  UPS: { label: 'UPS', pattern: /^1Z[0-9A-Z]{16}$/, example: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=' },
  FedEx: { label: 'FedEx', pattern: /^(\d{12}|\d{15}|\d{20}|\d{22})$/, example: '123456789012', trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=' },
  USPS: { label: 'USPS', pattern: /^(\d{20,22}|[A-Z]{2}\d{9}US)$/, example: '9400111899223197428490', trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=' },
  DHL: { label: 'DHL', pattern: /^\d{10,11}$/, example: '1234567890', trackingUrl: 'https://www.dhl.com/us-en/home/tracking.html?tracking-id=' },
} as const;
export type Carrier = keyof typeof CARRIERS;
export const CARRIER_NAMES = Object.keys(CARRIERS) as Carrier[];

/** A tracking number as carriers print it, without spaces or dashes, in capitals. */
export function normalizeTrackingNumber(text: string): string {
  return text.replace(/[\s-]/g, '').toUpperCase();
}

/** Why a (normalised) tracking number cannot be the carrier's, or null when it can. */
export function trackingNumberProblem(carrier: Carrier, trackingNumber: string): string | null {
  const { label, pattern, example } = CARRIERS[carrier];
  return pattern.test(trackingNumber) ? null : `This is not a ${label} tracking number (it looks like ${example}).`;
}

/** `orders/{id}.shipment`, set when the order is marked shipped. */
export interface Shipment {
  carrier: Carrier;
  trackingNumber: string;
}

/** Where the buyer follows the parcel. */
export function trackingUrl(shipment: Shipment): string {
  return CARRIERS[shipment.carrier].trackingUrl + encodeURIComponent(shipment.trackingNumber);
}
