import type { Db } from '.';
import { hashPassword } from '../services/auth.service';
import { newId } from '../lib/ids';

export const DEMO_PASSWORD = 'Demo@1234';

/** Placeholder until the full demo catalogue lands: accounts and areas. */
export async function seedDemo(db: Db): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const areas = ['Mylapore', 'T. Nagar', 'Adyar', 'Velachery', 'Anna Nagar', 'Tambaram', 'Madurai - Anna Nagar', 'Madurai - K. K. Nagar'];
  await db.insertInto('areas').values(areas.map((name) => ({ id: newId(), name }))).execute();
  const addr = (area: string) => JSON.stringify([{ address: '12 Kutchery Road', city: 'Chennai', pincode: '600004', phoneNumber: '', area }]);
  await db
    .insertInto('users')
    .values([
      { id: newId(), name: 'Admin Kumar', phone: '9876500001', role: 'admin', password_hash: hash, addresses: addr('Mylapore'), email: 'admin@example.in', gst_number: null, shop_name: null, commission_percentage: 0 },
      { id: newId(), name: 'Murugan Stores', phone: '9876500002', role: 'vendor', password_hash: hash, addresses: addr('T. Nagar'), email: 'murugan@example.in', gst_number: '33AABCM1234F1Z5', shop_name: 'Murugan Stores', commission_percentage: 5 },
      { id: newId(), name: 'Lakshmi Priya', phone: '9876500003', role: 'user', password_hash: hash, addresses: addr('Adyar'), email: 'lakshmi@example.in', gst_number: null, shop_name: null, commission_percentage: 0 },
      { id: newId(), name: 'Selvam Delivery', phone: '9876500004', role: 'delivery', password_hash: hash, addresses: addr('Velachery'), email: null, gst_number: null, shop_name: null, commission_percentage: 0 },
      { id: newId(), name: 'Meenakshi Traders', phone: '9876500005', role: 'vendor', password_hash: hash, addresses: addr('Madurai - Anna Nagar'), email: 'meenakshi@example.in', gst_number: '33AAFCM5678K1Z2', shop_name: 'Meenakshi Traders', commission_percentage: 5 },
    ])
    .execute();
}
