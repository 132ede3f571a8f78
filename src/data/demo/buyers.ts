// Overseas buyers of the demo dataset: spread over destination countries by China's export
// shares, each buying one to four related products, with a contact or two.
import { DESTINATION_CITIES, DESTINATIONS } from '../reference/markets.ts';
import { PRODUCTS, type Product } from '../reference/products.ts';
import { profileOf } from '../reference/profiles.ts';
import { buyerName, slug } from './names.ts';
import { Random, WeightedTable } from './random.ts';
import type { BuyerRow, ContactRow } from './rows.ts';

const KINDS = new WeightedTable<BuyerRow['kind']>([
  ['importer', 35],
  ['distributor', 30],
  ['retailer', 15],
  ['brand', 12],
  ['manufacturer', 8],
]);

const countries = new WeightedTable(Object.entries(DESTINATIONS));

/** Products traded abroad, weighted by how much of each the demo's exporters make. */
export const TRADED = PRODUCTS.filter((product) => product.hs !== null);
const tradedWeights = new WeightedTable<Product>(
  TRADED.map((product) => {
    const profile = profileOf(product.division);
    const siblings = TRADED.filter((p) => p.division === product.division).length;
    return [product, ((profile?.weight ?? 1) * (profile?.exportShare ?? 0.2) + 0.05) / siblings] as const;
  }),
);

const BUYER_TITLES = ['Purchasing Manager', 'Sourcing Director', 'Category Buyer', 'Import Manager', 'CEO'];

export interface GeneratedBuyers {
  readonly buyers: BuyerRow[];
  readonly contacts: ContactRow[];
  /** product key -> ids of the buyers that buy it, for matching exporters to buyers. */
  readonly byProduct: ReadonlyMap<string, readonly number[]>;
  readonly countryOf: ReadonlyMap<number, string>;
}

export function generateBuyers(seed: number, count: number, firstContactId: number): GeneratedBuyers {
  const buyers: BuyerRow[] = [];
  const contacts: ContactRow[] = [];
  const byProduct = new Map<string, number[]>();
  const countryOf = new Map<number, string>();
  const taken = new Set<string>();
  let contactId = firstContactId;
  for (let i = 1; i <= count; i++) {
    const random = new Random(seed, 2, i);
    const country = countries.pick(random);
    let name = buyerName(random, country);
    for (let attempt = 0; taken.has(`${country}|${name}`); attempt++) {
      name = attempt < 20 ? buyerName(random, country) : `${buyerName(random, country)} ${attempt}`;
    }
    taken.add(`${country}|${name}`);
    const kind = KINDS.pick(random);
    const main = tradedWeights.pick(random);
    const related = TRADED.filter((p) => p.division === main.division && p !== main);
    const products = [main, ...random.sample(related, random.int(0, 2))];
    if (random.chance(0.15)) products.push(tradedWeights.pick(random));
    const keys = [...new Set(products.map((p) => p.key))];
    const employees = Math.max(3, Math.round(random.logNormal(kind === 'retailer' ? 120 : 35, 1.3)));
    const cities = DESTINATION_CITIES[country];
    buyers.push({
      id: i,
      name,
      country_code: country,
      city: cities ? random.pick(cities) : null,
      kind,
      products: keys,
      employees,
      annual_import_usd: Math.round(random.logNormal(employees * 40_000, 0.8) / 1000) * 1000,
      website: `https://www.${slug(name)}.example`,
    });
    countryOf.set(i, country);
    for (const key of keys) {
      const list = byProduct.get(key) ?? [];
      list.push(i);
      byProduct.set(key, list);
    }
    const people = random.int(1, 2);
    const names = new Set<string>();
    for (let k = 0; k < people; k++) {
      let person = foreignName(random);
      while (names.has(person)) person = foreignName(random);
      names.add(person);
      contacts.push({
        id: contactId++,
        owner_kind: 'buyer',
        owner_id: i,
        name: person,
        title: BUYER_TITLES[(i + k) % BUYER_TITLES.length]!,
        // Demo phone numbers start with 000 after the country code: never a real subscriber.
        phone: `+${DIAL[country] ?? '00'} 000 ${String(random.int(1_000_000, 9_999_999))}`,
        email: `${['purchasing', 'sourcing', 'import', 'info'][k % 4]}@${slug(name)}.example`,
        is_primary: k === 0,
      });
    }
  }
  return { buyers, contacts, byProduct, countryOf };
}

const DIAL: Readonly<Record<string, string>> = {
  US: '1',
  CA: '1',
  GB: '44',
  DE: '49',
  FR: '33',
  IT: '39',
  ES: '34',
  NL: '31',
  BE: '32',
  PL: '48',
  JP: '81',
  KR: '82',
  VN: '84',
  IN: '91',
  RU: '7',
  KZ: '7',
  MY: '60',
  TH: '66',
  MX: '52',
  AU: '61',
  NZ: '64',
  ID: '62',
  SG: '65',
  AE: '971',
  PH: '63',
  BR: '55',
  SA: '966',
  TR: '90',
};

const GIVEN = [
  'James',
  'Maria',
  'David',
  'Anna',
  'Michael',
  'Laura',
  'Thomas',
  'Sofia',
  'Daniel',
  'Elena',
  'Lucas',
  'Emma',
  'Carlos',
  'Yuki',
  'Minjun',
  'Priya',
  'Ahmed',
  'Olga',
  'Hans',
  'Chloe',
  'Fatima',
  'Jan',
  'Ana',
  'Omar',
];
const FAMILY = [
  'Smith',
  'Müller',
  'Rossi',
  'García',
  'Tanaka',
  'Kim',
  'Nguyen',
  'Patel',
  'Ivanov',
  'Silva',
  'Martin',
  'Kowalski',
  'Jensen',
  'Cohen',
  'Yilmaz',
  'Tan',
  'Santos',
  'Brown',
  'Dubois',
  'Schmidt',
  'Haddad',
  'Novak',
  'Lopez',
  'Wilson',
];

function foreignName(random: Random): string {
  return `${random.pick(GIVEN)} ${random.pick(FAMILY)}`;
}
