import { useSession } from '../../stores/session';

/**
 * The areas a rider follows on this device for push alerts (the server keeps the same list with the
 * device's subscription). Kept per user in localStorage; opening an area and tapping the alert
 * button adds that area.
 */
const key = () => `push-areas:${useSession.getState().userInfo?._id ?? 'anon'}`;

export function followedAreas(): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(key()) ?? '[]');
    return Array.isArray(list) ? list.filter((a): a is string => typeof a === 'string') : [];
  } catch {
    return [];
  }
}

/** The followed areas with `area` added (once, any case); `save` keeps the new list on the device. */
export function followArea(followed: string[], area: string, save = false): string[] {
  const list = followed.some((a) => a.toLowerCase() === area.toLowerCase()) ? followed : [...followed, area];
  if (save) localStorage.setItem(key(), JSON.stringify(list));
  return list;
}
