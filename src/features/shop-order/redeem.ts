/** Points redeemed on the bill and the rupees they take off it (the counter's redeem field: ./redeem-points.tsx). */
export interface Redeem {
  points: number;
  off: number;
}
export const NO_REDEEM: Redeem = { points: 0, off: 0 };
