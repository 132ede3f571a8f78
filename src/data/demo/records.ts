// The records that belong to one demo company and agree with it: its trademarks carry its brand
// in the classes of its products, its exports ship its products to buyers of those products,
// its risk records follow its risk profile, and its contacts work there.
import { marketOfCountry } from '../reference/markets.ts';
import type { CompanyDraft } from './companies.ts';
import { REFERENCE_DATE } from './companies.ts';
import { coinedMark, makePerson } from './names.ts';
import { daysBefore, Random } from './random.ts';
import type { ContactRow, RiskRow, TrademarkRow, TradeRow } from './rows.ts';

/** Court and agency prefixes: the one-character province abbreviation used in case numbers. */
const ABBR: Readonly<Record<string, string>> = {
  '11': '京',
  '12': '津',
  '13': '冀',
  '14': '晋',
  '15': '蒙',
  '21': '辽',
  '22': '吉',
  '23': '黑',
  '31': '沪',
  '32': '苏',
  '33': '浙',
  '34': '皖',
  '35': '闽',
  '36': '赣',
  '37': '鲁',
  '41': '豫',
  '42': '鄂',
  '43': '湘',
  '44': '粤',
  '45': '桂',
  '46': '琼',
  '50': '渝',
  '51': '川',
  '52': '黔',
  '53': '云',
  '54': '藏',
  '61': '陕',
  '62': '甘',
  '63': '青',
  '64': '宁',
  '65': '新',
};

const CAUSES: readonly (readonly [string, string])[] = [
  ['买卖合同纠纷', 'Sales contract dispute'],
  ['承揽合同纠纷', 'Work contract dispute'],
  ['劳动争议', 'Labour dispute'],
  ['借款合同纠纷', 'Loan contract dispute'],
  ['侵害商标权纠纷', 'Trademark infringement dispute'],
  ['运输合同纠纷', 'Carriage contract dispute'],
  ['租赁合同纠纷', 'Lease contract dispute'],
  ['服务合同纠纷', 'Service contract dispute'],
];

const PENALTIES: readonly (readonly [string, string, string, string])[] = [
  ['环保', '超标排放污染物', 'Discharge of pollutants above standard', '生态环境局'],
  ['消防', '消防设施未保持完好有效', 'Fire safety equipment not maintained', '消防救援支队'],
  ['税务', '未按期办理纳税申报', 'Late tax filing', '税务局'],
  ['质量', '生产销售不合格产品', 'Production and sale of substandard products', '市场监督管理局'],
  ['广告', '发布虚假广告', 'False advertising', '市场监督管理局'],
  ['海关', '出口货物申报不实', 'Inaccurate customs declaration of exports', '海关'],
  ['安全生产', '未落实安全生产责任制', 'Work safety duties not carried out', '应急管理局'],
];

const CHANGES: readonly (readonly [string, string, string])[] = [
  ['legal_rep', '法定代表人变更', 'Change of legal representative'],
  ['registered_capital', '注册资本变更', 'Change of registered capital'],
  ['address', '住所变更', 'Change of registered address'],
  ['scope', '经营范围变更', 'Change of business scope'],
  ['shareholders', '投资人（股权）变更', 'Change of shareholders'],
  ['officers', '高级管理人员备案', 'Change of officers on file'],
];

const TITLES = ['法定代表人', '总经理', '销售经理', '外贸经理', '采购经理', '财务负责人'];

/** English for the contact titles the demo writes, for engines that answer in en. */
export const CONTACT_TITLES_EN: Readonly<Record<string, string>> = {
  法定代表人: 'Legal representative',
  总经理: 'General manager',
  销售经理: 'Sales manager',
  外贸经理: 'Export manager',
  采购经理: 'Purchasing manager',
  财务负责人: 'Head of finance',
};

export interface IdCounters {
  trademark: number;
  risk: number;
  trade: number;
  contact: number;
}

export interface BuyerIndex {
  readonly byProduct: ReadonlyMap<string, readonly number[]>;
  readonly countryOf: ReadonlyMap<number, string>;
}

export interface CompanyRecords {
  trademarks: TrademarkRow[];
  risk: RiskRow[];
  trade: TradeRow[];
  contacts: ContactRow[];
}

const TM_STATUS = [
  'registered',
  'registered',
  'registered',
  'registered',
  'registered',
  'registered',
  'registered',
  'pending',
  'expired',
  'opposed',
  'invalidated',
] as const;

function trademarks(
  random: Random,
  draft: CompanyDraft,
  markets: readonly string[],
  ids: IdCounters,
): TrademarkRow[] {
  const rows: TrademarkRow[] = [];
  const main = draft.products[0];
  const nice = main?.nice ?? 35;
  const goods = draft.products.map((product) => product.zh).join('、') || null;
  const founded = draft.row.founded_on ?? daysBefore(REFERENCE_DATE, 3000);
  const add = (jurisdiction: string, mark: string, latin: string, niceClass: number) => {
    const id = ids.trademark++;
    const status = random.pick(TM_STATUS);
    const filedDays = Math.floor(
      random.next() * Math.max(30, (REFERENCE_DATE.getTime() - Date.parse(founded)) / 86_400_000),
    );
    rows.push({
      id,
      jurisdiction,
      reg_no: jurisdiction === 'cn' ? String(20_000_000 + id) : `${jurisdiction.toUpperCase()}-${id}`,
      mark,
      mark_latin: latin,
      nice_class: niceClass,
      owner_name: jurisdiction === 'cn' ? draft.row.name : (draft.row.name_en ?? draft.row.name),
      company_id: draft.row.id,
      status,
      filed_on: daysBefore(REFERENCE_DATE, filedDays),
      registered_on:
        status === 'pending' || status === 'opposed'
          ? null
          : daysBefore(REFERENCE_DATE, Math.max(0, filedDays - 300)),
      goods,
    });
  };
  if (random.chance(0.45)) add('cn', draft.brand.zh, draft.brand.latin, nice);
  if (random.chance(0.15)) add('cn', draft.brand.display.toUpperCase(), draft.brand.latin, nice);
  if (draft.row.exporter && markets.length > 0 && random.chance(0.6)) {
    const english = random.chance(0.3) ? coinedMark(random) : draft.brand.display.toUpperCase();
    for (const market of random.sample(markets, random.int(1, Math.min(3, markets.length)))) {
      add(market, english, english.toLowerCase(), nice);
    }
  }
  return rows;
}

function caseNumber(random: Random, draft: CompanyDraft, year: number, kind: string): string {
  const abbr = ABBR[draft.province.code.slice(0, 2)]!;
  const court = `${String(draft.province.cities.indexOf(draft.city) + 1).padStart(2, '0')}${random.int(1, 9)}${random.int(1, 9)}`;
  return `(${year})${abbr}${court}${kind}${random.int(100, 29_999)}号`;
}

function riskRecords(random: Random, draft: CompanyDraft, ids: IdCounters): RiskRow[] {
  const rows: RiskRow[] = [];
  const founded = Date.parse(draft.row.founded_on ?? '2015-01-01');
  const span = Math.max(60, Math.floor((REFERENCE_DATE.getTime() - founded) / 86_400_000));
  const when = () => daysBefore(REFERENCE_DATE, Math.floor(random.next() ** 1.6 * Math.min(span, 3650)));
  const city = draft.city.zh;
  const scale = draft.risk === 'high' ? 1 : draft.risk === 'medium' ? 0.3 : 0.06;
  const keys = new Set<string>();
  // (company, kind, ref_no) is the natural key; a rare random repeat is dropped, not renumbered.
  const push = (row: Omit<RiskRow, 'id'>) => {
    const key = `${row.kind}|${row.ref_no}`;
    if (keys.has(key)) return;
    keys.add(key);
    rows.push({ id: ids.risk++, ...row });
  };

  for (let i = random.poisson(3 * scale); i > 0; i--) {
    const [zh, en] = random.pick(CAUSES);
    const date = when();
    const defendant = random.chance(0.6);
    const amount = Math.round(random.logNormal(120_000, 1.1) / 100) * 100;
    push({
      company_id: draft.row.id,
      kind: 'litigation',
      ref_no: caseNumber(random, draft, Number(date.slice(0, 4)), '民初'),
      occurred_on: date,
      subtype: zh,
      role: defendant ? 'defendant' : 'plaintiff',
      amount_cny: amount,
      authority: `${city}市人民法院`,
      status: date > daysBefore(REFERENCE_DATE, 300) ? 'open' : 'closed',
      title_zh: `${zh}（${defendant ? '被告' : '原告'}）`,
      title_en: `${en} (${defendant ? 'defendant' : 'plaintiff'})`,
      detail: { cause: zh, counterparty_kind: random.pick(['company', 'individual']) },
    });
  }
  const enforcements =
    draft.risk === 'high' ? random.int(0, 3) : draft.risk === 'medium' && random.chance(0.08) ? 1 : 0;
  for (let i = 0; i < enforcements; i++) {
    const date = when();
    const amount = Math.round(random.logNormal(200_000, 1) / 100) * 100;
    push({
      company_id: draft.row.id,
      kind: 'enforcement',
      ref_no: caseNumber(random, draft, Number(date.slice(0, 4)), '执'),
      occurred_on: date,
      subtype: null,
      role: null,
      amount_cny: amount,
      authority: `${city}市人民法院`,
      status: random.chance(0.5) ? 'open' : 'closed',
      title_zh: '被执行人',
      title_en: 'Judgment debtor under enforcement',
      detail: { enforced_amount_cny: amount },
    });
    // A debtor that ignores enforcement is listed as dishonest (失信被执行人).
    if (random.chance(0.45)) {
      push({
        company_id: draft.row.id,
        kind: 'dishonest',
        ref_no: caseNumber(random, draft, Number(date.slice(0, 4)), '执恢'),
        occurred_on: new Date(
          Math.min(REFERENCE_DATE.getTime(), Date.parse(date) + random.int(30, 200) * 86_400_000),
        )
          .toISOString()
          .slice(0, 10),
        subtype: '有履行能力而拒不履行',
        role: null,
        amount_cny: amount,
        authority: `${city}市人民法院`,
        status: 'open',
        title_zh: '失信被执行人',
        title_en: 'Listed as a dishonest judgment debtor',
        detail: {
          performance: '全部未履行',
          performance_en: 'not performed',
          behaviour: '有履行能力而拒不履行生效法律文书确定义务',
        },
      });
    }
  }
  for (let i = random.poisson(1.2 * scale); i > 0; i--) {
    const [subtype, zh, en, agency] = random.pick(PENALTIES);
    const date = when();
    const year = date.slice(0, 4);
    push({
      company_id: draft.row.id,
      kind: 'penalty',
      ref_no: `${ABBR[draft.province.code.slice(0, 2)]}${city}${subtype}罚〔${year}〕${random.int(10, 9999)}号`,
      occurred_on: date,
      subtype,
      role: null,
      amount_cny: Math.round(random.logNormal(30_000, 1) / 100) * 100,
      authority: agency === '海关' ? `${city}海关` : `${city}市${agency}`,
      status: 'closed',
      title_zh: zh,
      title_en: en,
      detail: { violation: zh },
    });
  }
  const changes = random.chance(0.35) ? random.int(1, draft.risk === 'high' ? 5 : 2) : 0;
  const seen = new Set<string>();
  for (let i = 0; i < changes; i++) {
    const [field, zh, en] = random.pick(CHANGES);
    const date = when();
    if (seen.has(`${date}:${field}`)) continue;
    seen.add(`${date}:${field}`);
    const detail =
      field === 'legal_rep'
        ? { before: makePerson(random).zh, after: draft.row.legal_rep }
        : field === 'registered_capital'
          ? {
              before:
                Math.round(
                  ((draft.row.registered_capital_cny ?? 1e6) * random.pick([0.2, 0.5, 0.8])) / 10_000,
                ) * 10_000,
              after: draft.row.registered_capital_cny,
            }
          : {};
    push({
      company_id: draft.row.id,
      kind: 'change',
      ref_no: `${date}:${field}`,
      occurred_on: date,
      subtype: field,
      role: null,
      amount_cny: null,
      authority: `${city}市市场监督管理局`,
      status: 'closed',
      title_zh: zh,
      title_en: en,
      detail,
    });
  }
  return rows;
}

function contacts(random: Random, draft: CompanyDraft, ids: IdCounters): ContactRow[] {
  const people = [{ person: draft.legalRep, title: random.chance(0.7) ? '法定代表人' : '总经理' }];
  const extra = draft.row.insured_employees > 20 ? random.int(1, 2) : random.int(0, 1);
  for (let i = 0; i < extra; i++) {
    const title = draft.row.exporter && i === 0 ? '外贸经理' : random.pick(TITLES.slice(2));
    people.push({ person: makePerson(random), title });
  }
  const domain = draft.row.website
    ? draft.row.website.replace(/^https:\/\/(www\.)?/, '')
    : `${draft.brand.latin}.example`;
  const names = new Set<string>();
  const rows: ContactRow[] = [];
  for (const [index, { person, title }] of people.entries()) {
    if (names.has(person.zh)) continue;
    names.add(person.zh);
    rows.push({
      id: ids.contact++,
      owner_kind: 'company',
      owner_id: draft.row.id,
      name: person.zh,
      title,
      // +86 000 ...: shaped like a mobile number, never a real one.
      phone: `+86 000 ${String(random.int(1000, 9999))} ${String(random.int(1000, 9999))}`,
      email: `${person.handle}@${domain}`,
      is_primary: index === 0,
    });
  }
  return rows;
}

function shipments(random: Random, draft: CompanyDraft, buyers: BuyerIndex, ids: IdCounters): TradeRow[] {
  if (!draft.row.exporter) return [];
  const rows: TradeRow[] = [];
  const traded = draft.products.filter((product) => product.hs !== null && buyers.byProduct.has(product.key));
  if (traded.length === 0) return rows;
  // Each exporter has a few regular buyers of its products; its shipments go to them.
  const regulars = traded.flatMap((product) =>
    random.sample(buyers.byProduct.get(product.key)!, random.int(1, 2)).map((buyer) => ({ product, buyer })),
  );
  const count = 1 + random.poisson(draft.row.insured_employees > 100 ? 4 : 2);
  for (let i = 0; i < count; i++) {
    const { product, buyer } = random.pick(regulars);
    const price = product.priceUsd[0] + random.next() * (product.priceUsd[1] - product.priceUsd[0]);
    const target = random.logNormal(18_000 * Math.max(1, Math.log10(draft.row.insured_employees + 1)), 0.9);
    const quantity = Math.max(1, Math.round(target / price));
    const id = ids.trade++;
    rows.push({
      id,
      ref_no: `DEMO${String(id).padStart(10, '0')}`,
      company_id: draft.row.id,
      buyer_id: buyer,
      country_code: buyers.countryOf.get(buyer)!,
      hs_code: product.hs!,
      product: product.key,
      description: `${product.en} / ${product.zh}`,
      shipped_on: daysBefore(REFERENCE_DATE, random.int(1, 3 * 365)),
      quantity,
      unit: product.unit,
      value_usd: Math.max(1, Math.round(quantity * price)),
    });
  }
  return rows;
}

export function companyRecords(
  seed: number,
  draft: CompanyDraft,
  buyers: BuyerIndex,
  ids: IdCounters,
): CompanyRecords {
  const random = new Random(seed, 3, draft.row.id);
  const trade = shipments(random, draft, buyers, ids);
  const markets = [
    ...new Set(
      trade
        .map((row) => marketOfCountry(row.country_code))
        .filter((m): m is NonNullable<typeof m> => m !== null && m !== 'cn'),
    ),
  ];
  return {
    trademarks: trademarks(random, draft, markets, ids),
    risk: riskRecords(random, draft, ids),
    trade,
    contacts: contacts(random, draft, ids),
  };
}
