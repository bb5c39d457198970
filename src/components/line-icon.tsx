import type { SVGProps } from 'react';

/**
 * The header's own icons and the frame every line icon is drawn in (src/components/app-icons.tsx has the others):
 * apart, so that the first screen's JS carries three paths, not every icon of the menus and the home buttons.
 */
export const SHELL_ICONS = {
  cart: 'M3 4h2l2.4 11h10.2L20 7H6.2M7.5 19a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0 -3 0zM15.5 19a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0 -3 0z',
  user: 'M8 8a4 4 0 1 0 8 0a4 4 0 1 0 -8 0zM4 21c0-4.4 3.6-8 8-8s8 3.6 8 8',
  chevronDown: 'M6 9l6 6 6-6',
} satisfies Record<string, string>;

/** A line icon: one path on a 24 px grid, stroked in the text colour. */
export function LineIcon({ d, size = 24, ...rest }: { d: string; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable={false}
      {...rest}
    >
      <path d={d} />
    </svg>
  );
}

/** The brand mark: a shop awning. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable={false}>
      <rect x="1" y="1" width="30" height="30" rx="8" fill="#fff" />
      <path d="M6 12l2-5h16l2 5z" fill="#fab005" />
      <path d="M6 12h20v1.5a3.3 3.3 0 0 1-5 0 3.3 3.3 0 0 1-5 0 3.3 3.3 0 0 1-5 0 3.3 3.3 0 0 1-5 0z" fill="#e8590c" />
      <path d="M8 15v10h16V15" fill="none" stroke="#087f5b" strokeWidth="2" strokeLinejoin="round" />
      <path d="M14 25v-5h4v5" fill="none" stroke="#087f5b" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}
