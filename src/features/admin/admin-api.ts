import type { Role } from '../../../core/roles';
import type { Address } from '../../../core/schemas/user';
import { api } from '../../lib/api';

export interface AdminUser {
  _id: string;
  name: string;
  email: string;
  phone: string;
  role: Role;
  addresses: Address[];
  gstNumber?: string;
  vendorDetails?: { shopName: string; commissionPercentage: number; isActive: boolean };
}

export interface Category {
  _id: string;
  name: string;
  subcategories: string[];
}

export interface Information {
  _id: string;
  information: string;
  createdAt: string;
}

// users
export const fetchUsers = () => api.get<AdminUser[]>('users');
export const fetchUser = (id: string) => api.get<AdminUser>(`users/${encodeURIComponent(id)}`);
export const deleteUser = (id: string) => api.delete<{ message: string }>(`users/${encodeURIComponent(id)}`);
export const changeRole = (id: string, role: Role) => api.put<{ message: string }>(`users/${encodeURIComponent(id)}`, { userId: id, role });

// vendors
export const fetchVendors = () => api.get<AdminUser[]>('users/vendors');
export const setVendorActive = (vendorId: string, isActive: boolean) =>
  api.put<{ message: string }>(`products/${encodeURIComponent(vendorId)}/toggle-status`, { isActive });

// categories
export const fetchCategories = () => api.get<Category[]>('categories');
export const fetchCategory = (id: string) => api.get<Category>(`categories/${encodeURIComponent(id)}`);
export const createCategory = (body: { name: string; subcategories: string[] }) => api.post<Category>('categories', body);
export const updateCategory = (id: string, body: { name: string; subcategories: string[] }) => api.put<Category>(`categories/${encodeURIComponent(id)}`, body);
export const deleteCategory = (id: string) => api.delete<{ message: string }>(`categories/${encodeURIComponent(id)}`);

// announcements
export async function fetchInformations(): Promise<Information[]> {
  const list = await api.get<Information[]>('informations');
  return [...(list ?? [])].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}
export const createInformation = (information: string) => api.post<{ message: string; information: Information }>('informations', { information });
export const deleteInformation = (id: string) => api.delete<{ message: string }>(`informations/${encodeURIComponent(id)}`);

export const dateTime = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });
export const formatWhen = (iso: string) => (Number.isNaN(Date.parse(iso)) ? '' : dateTime.format(new Date(iso)));
