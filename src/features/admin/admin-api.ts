import type { z } from 'zod';
import type { Role } from '../../../core/roles';
import type { CategoryDto, categorySchema } from '../../../core/schemas/category';
import type { messageResponse } from '../../../core/schemas/common';
import type { InformationDto, informationCreatedResponse, informationUpdatedResponse } from '../../../core/schemas/information';
import type { areasResponse, roleChangedResponse, UserDto, vendorToggledResponse } from '../../../core/schemas/user';
import { api } from '../../lib/api';

type Message = z.infer<typeof messageResponse>;

// users
export const fetchUsers = () => api.get<UserDto[]>('users');
export const fetchUser = (id: string) => api.get<UserDto>(`users/${encodeURIComponent(id)}`);
export const deleteUser = (id: string) => api.delete<Message>(`users/${encodeURIComponent(id)}`);
export const changeRole = (id: string, role: Role) =>
  api.put<z.infer<typeof roleChangedResponse>>(`users/${encodeURIComponent(id)}`, { userId: id, role });

// vendors: an admin gets whole accounts (the userDto side of vendorsResponse)
export const fetchVendors = () => api.get<UserDto[]>('users/vendors');
export const setVendorActive = (vendorId: string, isActive: boolean) =>
  api.put<z.infer<typeof vendorToggledResponse>>(`products/${encodeURIComponent(vendorId)}/toggle-status`, { isActive });

// categories
type CategoryBody = z.input<typeof categorySchema>;
export const fetchCategories = () => api.get<CategoryDto[]>('categories');
export const fetchCategory = (id: string) => api.get<CategoryDto>(`categories/${encodeURIComponent(id)}`);
export const createCategory = (body: CategoryBody) => api.post<CategoryDto>('categories', body);
export const updateCategory = (id: string, body: CategoryBody) => api.put<CategoryDto>(`categories/${encodeURIComponent(id)}`, body);
export const deleteCategory = (id: string) => api.delete<Message>(`categories/${encodeURIComponent(id)}`);

// announcements
export async function fetchInformations(): Promise<InformationDto[]> {
  const list = await api.get<InformationDto[]>('informations');
  return [...(list ?? [])].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}
export const createInformation = (information: string) =>
  api.post<z.infer<typeof informationCreatedResponse>>('informations', { information });
export const updateInformation = (id: string, information: string) =>
  api.put<z.infer<typeof informationUpdatedResponse>>(`informations/${encodeURIComponent(id)}`, { information });
export const deleteInformation = (id: string) => api.delete<Message>(`informations/${encodeURIComponent(id)}`);

// delivery areas (GET /api/users/misc/areas, saved under "areas" as the Home area picker saves it)
export const fetchAreas = () => api.get<z.infer<typeof areasResponse>>('users/misc/areas');
