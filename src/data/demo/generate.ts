// The demo dataset, generated deterministically from (seed, size): overseas buyers first (so
// exporters can ship to buyers of their products), then companies in batches with their records.
// Pure: no database; load.ts writes what this yields.
import { marketOfCountry } from '../reference/markets.ts';
import { productByKey } from '../reference/products.ts';
import { generateBuyers } from './buyers.ts';
import { generateCompany, type NameRegistry, REFERENCE_DATE } from './companies.ts';
import { coinedMark } from './names.ts';
import { daysBefore, Random } from './random.ts';
import { companyRecords, type IdCounters } from './records.ts';
import type { TableRows, TrademarkRow } from './rows.ts';

export const GENERATOR_VERSION = 'demo-1';
export const DEFAULT_SEED = 20_260_101;

export interface DemoOptions {
  readonly companies: number;
  readonly seed?: number;
  /** Companies per yielded batch. */
  readonly batchSize?: number;
}

/** Overseas buyers per company: enough that every traded product has buyers in many countries. */
export function buyerCount(companies: number): number {
  return Math.max(300, Math.round(companies / 20));
}

export interface DemoBatch {
  readonly rows: TableRows;
  /** Companies generated so far, this batch included. */
  readonly done: number;
  readonly total: number;
}

function brandOwnerMarks(
  seed: number,
  buyers: TableRows['overseas_buyers'],
  ids: IdCounters,
): TrademarkRow[] {
  const rows: TrademarkRow[] = [];
  for (const buyer of buyers) {
    if (buyer.kind !== 'brand') continue;
    const random = new Random(seed, 4, buyer.id);
    const mark = coinedMark(random);
    const nice = productByKey(buyer.products[0]!)?.nice ?? 35;
    const markets = [marketOfCountry(buyer.country_code), random.chance(0.3) ? 'cn' : null].filter(
      (m) => m !== null,
    );
    for (const market of new Set(markets)) {
      const id = ids.trademark++;
      rows.push({
        id,
        jurisdiction: market,
        reg_no: market === 'cn' ? String(20_000_000 + id) : `${market.toUpperCase()}-${id}`,
        mark,
        mark_latin: mark.toLowerCase(),
        nice_class: nice,
        owner_name: buyer.name,
        company_id: null,
        status: 'registered',
        filed_on: daysBefore(REFERENCE_DATE, random.int(400, 5000)),
        registered_on: daysBefore(REFERENCE_DATE, random.int(0, 399)),
        goods: null,
      });
    }
  }
  return rows;
}

const empty = (): TableRows => ({
  companies: [],
  trademarks: [],
  risk_records: [],
  overseas_buyers: [],
  trade_records: [],
  contacts: [],
});

/** Yields the dataset in batches: the first holds the buyers, the rest the companies. */
export function* generateDemo(options: DemoOptions): Generator<DemoBatch> {
  const seed = options.seed ?? DEFAULT_SEED;
  const total = options.companies;
  const batchSize = options.batchSize ?? 5_000;
  const ids: IdCounters = { trademark: 1, risk: 1, trade: 1, contact: 1 };
  const buyers = generateBuyers(seed, buyerCount(total), ids.contact);
  ids.contact += buyers.contacts.length;
  const first = empty();
  first.overseas_buyers = buyers.buyers;
  first.contacts = buyers.contacts;
  first.trademarks = brandOwnerMarks(seed, buyers.buyers, ids);
  yield { rows: first, done: 0, total };

  const registry: NameRegistry = { names: new Set() };
  for (let start = 1; start <= total; start += batchSize) {
    const batch = empty();
    const end = Math.min(total, start + batchSize - 1);
    for (let id = start; id <= end; id++) {
      const draft = generateCompany(seed, id, registry);
      const records = companyRecords(seed, draft, buyers, ids);
      batch.companies.push(draft.row);
      batch.trademarks.push(...records.trademarks);
      batch.risk_records.push(...records.risk);
      batch.trade_records.push(...records.trade);
      batch.contacts.push(...records.contacts);
    }
    yield { rows: batch, done: end, total };
  }
}
