/** The dashboards' chart colours (Mantine's palette, so they match the rest of the app; canvas needs plain values). */
export const COLORS = {
  counter: '#0ca678',
  delivery: '#4263eb',
  net: '#0ca678',
  cash: '#2f9e44',
  upi: '#1c7ed6',
  card: '#7048e8',
  credit: '#f59f00',
  unpaid: '#adb5bd',
  product: '#12b886',
  orders: '#4263eb',
} as const;

/** A heat map cell's background: teal from clear (0) to strong (the busiest hour). */
export const heat = (n: number, max: number) =>
  n === 0 || max === 0 ? 'var(--mantine-color-gray-0)' : `rgba(12, 166, 120, ${0.15 + 0.85 * (n / max)})`;
