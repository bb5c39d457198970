import { describe, expect, it } from 'vitest';
import { customerShipAddress, emptyLine, toShopOrderPayload } from '../../../core/shop-order';

const shop = { address: 'Shop 4, Pondy Bazaar', city: 'Chennai', pincode: '600017', phoneNumber: '9000000000' };

describe("a sale to deliver takes the shop customer's saved address", () => {
  it('street, city and pincode from a one-line address; the phone from the customer', () => {
    expect(customerShipAddress({ address: '4 MG Road, Bengaluru 560001', phone: '9845012345' }, shop)).toEqual({
      address: '4 MG Road',
      city: 'Bengaluru',
      pincode: '560001',
      phoneNumber: '9845012345',
    });
    expect(customerShipAddress({ address: '12 Gandhi St,  T Nagar, Chennai - 600017', phone: '9' }, shop)).toEqual({
      address: '12 Gandhi St, T Nagar',
      city: 'Chennai',
      pincode: '600017',
      phoneNumber: '9',
    });
  });

  it('without a pincode the whole line is the street, the town stays and the pincode is left for the cashier', () => {
    expect(customerShipAddress({ address: 'Near the temple, Mylapore', phone: '9845012345' }, shop)).toEqual({
      address: 'Near the temple, Mylapore',
      city: 'Chennai',
      pincode: '',
      phoneNumber: '9845012345',
    });
  });

  it('no saved address: only the phone changes', () => {
    expect(customerShipAddress({ address: '  ', phone: '9845012345' }, shop)).toEqual({ ...shop, phoneNumber: '9845012345' });
  });
});

describe('a credit sale to deliver later', () => {
  it('is sent on credit, not handed over, to the chosen state', () => {
    const lines = [{ ...emptyLine(), productId: 'p1', vendorId: 'v1', price: 100, quantity: 1, unit: 'pcs' }];
    const p = toShopOrderPayload(lines, shop, 'Paid', 'credit', false, { customerId: 'c1', stateCode: '29' });
    expect(p).toMatchObject({ paymentStatus: 'Pending', paymentMethod: 'credit', handedOver: false, customerId: 'c1' });
    expect(p.shippingAddress.stateCode).toBe('29');
  });
});
