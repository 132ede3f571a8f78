// Prices and the monthly volume discount. All arithmetic is on integers: cents and spTok.

/** Calls per account per calendar month above which a custom quote is required. */
export const VOLUME_LIMIT = 100_000;

const BANDS = [
  { upTo: 1_000, tenths: 10 },
  { upTo: 10_000, tenths: 9 },
  { upTo: VOLUME_LIMIT, tenths: 8 },
] as const;

/** Discount, in tenths, for the n-th counted call of the month (1-based); undefined past the limit. */
export function discountTenths(callNumber: number): number | undefined {
  return BANDS.find((band) => callNumber <= band.upTo)?.tenths;
}

/** Multiplies an integer amount by tenths/10, rounding half up; exact for our prices. */
export function applyTenths(amount: number, tenths: number): number {
  return Math.floor((amount * tenths + 5) / 10);
}

/** "99.00" style reference amount as a number of dollars, from cents. */
export function centsToUsd(cents: number): number {
  return cents / 100;
}
