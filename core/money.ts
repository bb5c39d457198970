/** Money travels as rupees (numbers with up to 2 decimals) and is stored as integer paise. */
export const toPaise = (rupees: number): number => Math.round(rupees * 100);
export const toRupees = (paise: number): number => Math.round(paise) / 100;

const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ₹1,23,456.50 — Indian digit grouping. */
export const formatRupees = (rupees: number): string => inr.format(rupees);
