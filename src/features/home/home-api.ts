import { api } from '../../lib/api';

export interface Announcement {
  _id: string;
  information: string;
  createdAt: string;
}

/** GET /api/informations, newest first whatever order the server used. */
export async function fetchAnnouncements(): Promise<Announcement[]> {
  const res = await api.get<Announcement[] | { informations?: Announcement[]; announcements?: Announcement[] }>('informations');
  const list = Array.isArray(res) ? res : (res?.informations ?? res?.announcements ?? []);
  return [...list].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** GET /api/users/misc/areas, as the server answers it (the shape saved on this device under "areas"). */
export const fetchAreas = () => api.get<{ areas: string[] }>('users/misc/areas');
