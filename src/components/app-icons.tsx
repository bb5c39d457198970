import type { SVGProps } from 'react';
import { LineIcon, SHELL_ICONS } from './line-icon';

/**
 * Small line icons drawn inline (no icon font or emoji font needed; phones without emoji fonts see them
 * too): each one path on a 24 px grid, its circles and rounded boxes drawn as arcs.
 */
const PATHS = {
  ...SHELL_ICONS,
  receipt: 'M5 21V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v16l-3-2-2 2-2-2-2 2-2-2-3 2zM9 7h6M9 11h6M9 15h4',
  clock: 'M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0zM12 7v5l3 3',
  box: 'M12 3l8 4.5v9L12 21l-8-4.5v-9L12 3zM12 12l8-4.5M12 12v9M12 12L4 7.5',
  plusBox: 'M7 4h10a3 3 0 0 1 3 3v10a3 3 0 0 1 -3 3h-10a3 3 0 0 1 -3 -3v-10a3 3 0 0 1 3 -3zM12 8v8M8 12h8',
  list: 'M9 6h11M9 12h11M9 18h11M4 6a1 1 0 1 0 2 0a1 1 0 1 0 -2 0zM4 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0zM4 18a1 1 0 1 0 2 0a1 1 0 1 0 -2 0z',
  truck: 'M3 6h11v10H3zM14 10h4l3 3v3h-7M7 19a2 2 0 1 0 0-.01M17 19a2 2 0 1 0 0-.01',
  chart: 'M4 20h16M7 16v-5M12 16V8M17 16V6',
  users: 'M5.5 8a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0 -7 0zM3 20c0-3.3 2.7-6 6-6s6 2.7 6 6M16 4.5a3.5 3.5 0 0 1 0 7M18 14c2 .7 3 2.7 3 6',
  toggle: 'M7 7h10a5 5 0 0 1 5 5v0a5 5 0 0 1 -5 5h-10a5 5 0 0 1 -5 -5v0a5 5 0 0 1 5 -5zM13 12a3 3 0 1 0 6 0a3 3 0 1 0 -6 0z',
  folder: 'M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
  folderPlus: 'M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM12 10v6M9 13h6',
  megaphone: 'M3 10v4h3l6 4V6L6 10H3zM16 9a4 4 0 0 1 0 6M19 6a8 8 0 0 1 0 12',
  pencil: 'M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4',
  percent: 'M5 19L19 5M5 7a2 2 0 1 0 4 0a2 2 0 1 0 -4 0zM15 17a2 2 0 1 0 4 0a2 2 0 1 0 -4 0z',
  bag: 'M6 8h12l-1 12H7L6 8zM9 8V6a3 3 0 0 1 6 0v2',
  search: 'M4 11a7 7 0 1 0 14 0a7 7 0 1 0 -14 0zM20 20l-4-4',
  home: 'M4 11l8-7 8 7M6 9.5V20h12V9.5M10 20v-6h4v6',
  pin: 'M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11zM9.5 10a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0 -5 0z',
  lock: 'M7 11h10a2 2 0 0 1 2 2v6a2 2 0 0 1 -2 2h-10a2 2 0 0 1 -2 -2v-6a2 2 0 0 1 2 -2zM8 11V8a4 4 0 0 1 8 0v3',
  logout: 'M14 8V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-3M9 12h12M18 9l3 3-3 3',
  sync: 'M4 12a8 8 0 0 1 14-5.3L20 9M20 4v5h-5M20 12a8 8 0 0 1-14 5.3L4 15M4 20v-5h5',
  cloudOff: 'M3 3l18 18M6.3 8.3A5 5 0 0 0 7 18h10M20.3 16.3A4 4 0 0 0 17 9h-1.3a7 7 0 0 0-6.5-4.5',
  alert: 'M12 4l9 16H3l9-16zM12 10v4M12 17v.5',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4l2-2zM10 20a2 2 0 0 0 4 0',
  cash: 'M3 7h18v10H3zM9.5 12a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0 -5 0zM6 10v4M18 10v4',
} satisfies Record<string, string>;

export type IconName = keyof typeof PATHS;

export function AppIcon({ name, ...rest }: { name: IconName; size?: number } & Omit<SVGProps<SVGSVGElement>, 'name'>) {
  return <LineIcon d={PATHS[name]} {...rest} />;
}
