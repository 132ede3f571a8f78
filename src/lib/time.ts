// UTC everywhere: calendar months are UTC months, timestamps are ISO 8601 with Z.

/** "YYYY-MM" of the UTC month containing the instant. */
export function monthOf(instant: Date): string {
  return instant.toISOString().slice(0, 7);
}

/** ISO 8601 with Z, or null. Accepts what the drivers return for timestamptz. */
export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** An injectable clock, so tests can cross a month boundary without waiting for one. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
