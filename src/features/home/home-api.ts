import { api } from '../../lib/api';
import { fetchWithCache } from '../../lib/use-cached-query';

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

// Saved on this device (issue 6): the delivery area picker works offline.
export const fetchAreas = async () => (await fetchWithCache('areas', () => api.get<{ areas: string[] }>('users/misc/areas'))).areas ?? [];
