import { describe, expect, it } from 'vitest';
import { normalizeTrackingNumber, trackingNumberProblem, trackingUrl } from './shipment';
import { updateOrderStatusInputSchema } from './callableSchemas';
import { firstIssueMessage } from './schemas';

describe('tracking numbers', () => {
  it('are read without spaces or dashes, in capitals', () => {
    expect(normalizeTrackingNumber(' 1z 999-aa1 0123456784 ')).toBe('1Z999AA10123456784');
  });

  it.each([
    ['UPS', '1Z999AA10123456784'],
    ['FedEx', '123456789012'],
    ['FedEx', '123456789012345'],
    ['USPS', '9400111899223197428490'],
    ['USPS', 'EA123456789US'],
    ['DHL', '1234567890'],
  ] as const)('accepts a %s number like %s', (carrier, number) => {
    expect(trackingNumberProblem(carrier, number)).toBeNull();
  });

  it.each([
    ['UPS', '123456789012', 'This is not a UPS tracking number (it looks like 1Z999AA10123456784).'],
    ['FedEx', '1Z999AA10123456784', 'This is not a FedEx tracking number (it looks like 123456789012).'],
    ['DHL', '123', 'This is not a DHL tracking number (it looks like 1234567890).'],
    ['USPS', 'EA123456789GB', 'This is not a USPS tracking number (it looks like 9400111899223197428490).'],
  ] as const)('refuses a %s number like %s', (carrier, number, message) => {
    expect(trackingNumberProblem(carrier, number)).toBe(message);
  });

  it('links to the carrier\'s tracking page with the number escaped', () => {
    expect(trackingUrl({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
  });
});

describe('updateOrderStatusInputSchema', () => {
  const parse = (input: unknown) => {
    const result = updateOrderStatusInputSchema.safeParse(input);
    return result.success ? result.data : firstIssueMessage(result.error);
  };

  it('takes a shipment only with status shipped, normalised', () => {
    expect(parse({ orderId: 'o1', status: 'shipped', carrier: 'FedEx', trackingNumber: '1234 5678 9012' })).toEqual({ orderId: 'o1', status: 'shipped', carrier: 'FedEx', trackingNumber: '123456789012' });
    expect(parse({ orderId: 'o1', status: 'processing' })).toEqual({ orderId: 'o1', status: 'processing' });
  });

  it('refuses shipping without carrier or tracking number, or with a number of another carrier', () => {
    expect(parse({ orderId: 'o1', status: 'shipped' })).toBe('carrier: Choose the carrier of the shipment.');
    expect(parse({ orderId: 'o1', status: 'shipped', carrier: 'UPS' })).toBe('trackingNumber: Enter the tracking number.');
    expect(parse({ orderId: 'o1', status: 'shipped', carrier: 'UPS', trackingNumber: '   ' })).toBe('trackingNumber: Enter the tracking number.');
    expect(parse({ orderId: 'o1', status: 'shipped', carrier: 'UPS', trackingNumber: '123456789012' })).toBe('trackingNumber: This is not a UPS tracking number (it looks like 1Z999AA10123456784).');
    expect(parse({ orderId: 'o1', status: 'shipped', carrier: 'Pigeon', trackingNumber: '1' })).toBe('carrier: The carrier must be one of UPS, FedEx, USPS, DHL.');
  });

  it('refuses a shipment on any other status', () => {
    expect(parse({ orderId: 'o1', status: 'delivered', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })).toBe('carrier: A carrier and tracking number are given only when an order is marked shipped.');
  });
});
