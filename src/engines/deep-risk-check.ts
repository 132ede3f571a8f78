// verify.deep_risk_check: one company by full legal name or USCC; all its litigation,
// dishonest-debtor, enforcement, penalty and registration-change records; a 0-100 risk score and
// the findings that drive it.
import type { ResultOf } from '../catalog/index.ts';
import { PROVINCES } from '../data/index.ts';
import { companyRef, findCompany } from './companies.ts';
import { assessRisk, type RiskKind, type RiskRecord, riskDrivers } from './risk-score.ts';
import { hasHan, pick, toLatin } from './text.ts';
import { type Engine, ok, reject } from './types.ts';

type Result = ResultOf<'verify.deep_risk_check'>;

interface RecordRow extends RiskRecord {
  readonly ref: string;
  readonly authority: string | null;
  readonly titleEn: string | null;
}

// Findings listed in full up to this many (heaviest first); the counts always cover every record.
const MAX_FINDINGS = 100;

const CHANGE_FIELD: Record<string, { zh: string; en: string }> = {
  legal_rep: { zh: '法定代表人', en: 'legal representative' },
  shareholder: { zh: '股东', en: 'shareholders' },
  shareholders: { zh: '股东', en: 'shareholders' },
  address: { zh: '注册地址', en: 'registered address' },
  registered_capital: { zh: '注册资本', en: 'registered capital' },
  name: { zh: '企业名称', en: 'company name' },
  scope: { zh: '经营范围', en: 'business scope' },
  officers: { zh: '高管', en: 'officers' },
};

const ROLE: Record<string, { zh: string; en: string }> = {
  plaintiff: { zh: '原告', en: 'plaintiff' },
  defendant: { zh: '被告', en: 'defendant' },
  third_party: { zh: '第三人', en: 'third party' },
};

export const deepRiskCheck: Engine<'verify.deep_risk_check'> = async (
  payload,
  { db, lang, dataset, now },
) => {
  const found = await findCompany(db, dataset, lang, payload.identifier);
  if (found.kind === 'unknown')
    return reject(found.msg, { field: 'identifier', suggestions: found.suggestions });
  const company = found.company;
  const { rows } = await db.query<{
    kind: RiskKind;
    ref_no: string;
    occurred_on: string;
    subtype: string | null;
    role: RecordRow['role'];
    amount_cny: number | null;
    authority: string | null;
    status: 'open' | 'closed';
    title_zh: string;
    title_en: string | null;
  }>(
    `SELECT kind, ref_no, to_char(occurred_on, 'YYYY-MM-DD') AS occurred_on, subtype, role, amount_cny, authority,
            status, title_zh, title_en
     FROM risk_records WHERE dataset = $1 AND company_id = $2 ORDER BY occurred_on DESC, id`,
    [dataset, company.id],
  );
  const records: RecordRow[] = rows.map((r) => ({
    kind: r.kind,
    occurredOn: r.occurred_on,
    subtype: r.subtype,
    role: r.role,
    amountCny: r.amount_cny === null ? null : Number(r.amount_cny),
    status: r.status,
    title: lang === 'en' ? (r.title_en ?? r.title_zh) : r.title_zh,
    titleEn: r.title_en,
    ref: r.ref_no,
    authority: r.authority,
  }));
  const assessment = assessRisk(records, company.status, now);
  const counts = { litigation: 0, dishonest: 0, enforcement: 0, penalties: 0, changes: 0 };
  for (const record of records) {
    if (record.kind === 'penalty') counts.penalties++;
    else if (record.kind === 'change') counts.changes++;
    else counts[record.kind]++;
  }
  const findings: Result['findings'] = assessment.scored
    .slice(0, MAX_FINDINGS)
    .map(({ record, severity }) => ({
      type: record.kind,
      severity,
      date: record.occurredOn,
      title: record.title,
      amount_cny: record.amountCny,
      detail: findingDetail(lang, record),
    }));
  return ok({
    data_source: dataset,
    company: companyRef(lang, company),
    risk_score: assessment.score,
    risk_level: assessment.level,
    counts,
    findings,
    drivers: riskDrivers(lang, assessment, company.status, now),
  } satisfies Result);
};

/** The reference number, the authority, the role or changed field, and whether it is still open. */
function findingDetail(lang: 'zh' | 'en', record: RecordRow): string {
  const parts: string[] = [pick(lang, `编号 ${record.ref}`, `Ref. ${record.ref}`)];
  if (record.authority)
    parts.push(pick(lang, `机关：${record.authority}`, `Authority: ${authorityEn(record.authority)}`));
  if (record.kind === 'litigation' && record.role) {
    const role = ROLE[record.role];
    if (role) parts.push(pick(lang, `身份：${role.zh}`, `Role: ${role.en}`));
  }
  if (record.kind === 'change' && record.subtype) {
    const field = CHANGE_FIELD[record.subtype];
    parts.push(
      pick(lang, `变更事项：${field?.zh ?? record.subtype}`, `Changed: ${field?.en ?? record.subtype}`),
    );
  } else if (record.subtype && (lang === 'zh' || !hasHan(record.subtype))) {
    parts.push(pick(lang, `事由：${record.subtype}`, `Matter: ${record.subtype}`));
  }
  parts.push(
    record.status === 'open'
      ? pick(lang, '状态：未结', 'Status: open')
      : pick(lang, '状态：已结', 'Status: closed'),
  );
  return parts.join(lang === 'en' ? '; ' : '；');
}

const AGENCIES_EN: readonly (readonly [string, string])[] = [
  ['人民法院', "People's Court"],
  ['市场监督管理局', 'Administration for Market Regulation'],
  ['生态环境局', 'Ecology and Environment Bureau'],
  ['消防救援支队', 'Fire and Rescue Detachment'],
  ['税务局', 'Tax Bureau'],
  ['应急管理局', 'Emergency Management Bureau'],
  ['海关', 'Customs'],
];

const CITY_EN = new Map(
  PROVINCES.flatMap((p) => [[p.short, p.en] as const, ...p.cities.map((c) => [c.zh, c.en] as const)]),
);

function capitalised(zh: string): string {
  const latin = toLatin(zh);
  return latin.charAt(0).toUpperCase() + latin.slice(1);
}

/** "徐州市人民法院" -> "Xuzhou People's Court": the authorities the records name, in English. */
export function authorityEn(authority: string): string {
  for (const [zh, en] of AGENCIES_EN) {
    if (!authority.endsWith(zh)) continue;
    const place = authority.slice(0, -zh.length).replace(/市$/, '');
    if (!place) return en;
    return `${CITY_EN.get(place) ?? capitalised(place)} ${en}`;
  }
  return hasHan(authority) ? capitalised(authority) : authority;
}
