// A small, fast, seedable PRNG (sfc32) and the sampling helpers the demo generator needs. Each
// entity gets its own stream seeded from (dataset seed, kind, index), so company 1234 is the same
// whether 50,000 or 1,000,000 companies are generated.

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(...seeds: number[]) {
    // Mix the seeds into four 32-bit words (splitmix-style), then warm the generator up.
    let h = 0x9e3779b9;
    const words = [0, 0, 0, 0];
    seeds.forEach((seed, i) => {
      h = Math.imul(h ^ (seed >>> 0) ^ Math.floor(seed / 2 ** 32), 0x85ebca6b);
      h ^= h >>> 13;
      words[i % 4] = (words[i % 4]! ^ h) >>> 0;
    });
    [this.a, this.b, this.c, this.d] = words.map((w, i) => (w ^ Math.imul(i + 1, 0x27d4eb2f)) >>> 0) as [
      number,
      number,
      number,
      number,
    ];
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Standard normal (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** Log-normal with the given median and log-space spread. */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /** Small counts: Poisson by inversion (fine for the means used here, all below 10). */
  poisson(mean: number): number {
    const limit = Math.exp(-mean);
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k++;
      p *= this.next();
    }
    return k;
  }

  /** Up to n distinct items. */
  sample<T>(items: readonly T[], n: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < n && pool.length > 0)
      out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]!);
    return out;
  }
}

/** Weighted choice in O(log n) over a prepared table. */
export class WeightedTable<T> {
  private readonly items: T[];
  private readonly cumulative: number[];

  constructor(entries: Iterable<readonly [T, number]>) {
    this.items = [];
    this.cumulative = [];
    let total = 0;
    for (const [item, weight] of entries) {
      if (weight <= 0) continue;
      total += weight;
      this.items.push(item);
      this.cumulative.push(total);
    }
    if (this.items.length === 0) throw new Error('WeightedTable needs a positive weight');
  }

  pick(random: Random): T {
    const target = random.next() * this.cumulative[this.cumulative.length - 1]!;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo]!;
  }
}

const isoDays = new Map<number, string>();

/** A date in ISO form (YYYY-MM-DD) `days` before the reference day (cached: the generator asks millions of times). */
export function daysBefore(reference: Date, days: number): string {
  const day = Math.floor(reference.getTime() / 86_400_000) - Math.floor(days);
  let iso = isoDays.get(day);
  if (iso === undefined) {
    iso = new Date(day * 86_400_000).toISOString().slice(0, 10);
    isoDays.set(day, iso);
  }
  return iso;
}
