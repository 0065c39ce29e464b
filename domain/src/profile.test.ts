import { describe, expect, it } from 'vitest';
import { emptyProfile, profileFromData } from './profile';

describe('profileFromData', () => {
  it('reads a stored profile', () => {
    const shippingAddress = { line1: '1 Dock St', line2: '', city: 'Portland', region: 'ME', postalCode: '04101', country: 'USA' };
    expect(profileFromData({ name: 'Blake', email: 'b@example.com', company: 'Seaside', phone: '555', shippingAddress, role: 'admin', companyId: 'co-1' })).toEqual({
      name: 'Blake',
      email: 'b@example.com',
      company: 'Seaside',
      phone: '555',
      shippingAddress,
      role: 'admin',
      companyId: 'co-1',
    });
  });

  it('reads missing or mistyped fields as blank and any other role as none', () => {
    expect(profileFromData({ name: 42, shippingAddress: 'nowhere', role: 'owner' })).toEqual(emptyProfile);
    expect(profileFromData({ shippingAddress: { city: 7, line1: 'x' } }).shippingAddress).toEqual({ ...emptyProfile.shippingAddress, line1: 'x' });
  });
});
