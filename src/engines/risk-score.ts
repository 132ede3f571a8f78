// The deep risk check's scoring: each risk record weighs by its kind, whether it is still open,
// the company's role, the amount and its age; the weights saturate into a 0-100 score so that
// many small matters never outweigh one open dishonest-debtor listing by accident.
import type { Lang } from '../catalog/index.ts';
import { formatCny, pick } from './text.ts';

export type RiskKind = 'litigation' | 'dishonest' | 'enforcement' | 'penalty' | 'change';
export type Severity = 'low' | 'medium' | 'high';

export interface RiskRecord {
  readonly kind: RiskKind;
  readonly occurredOn: string;
  readonly subtype: string | null;
  readonly role: 'plaintiff' | 'defendant' | 'third_party' | null;
  readonly amountCny: number | null;
  readonly status: 'open' | 'closed';
  readonly title: string;
}

export interface ScoredRecord<R extends RiskRecord = RiskRecord> {
  readonly record: R;
  readonly weight: number;
  readonly severity: Severity;
}

const BASE: Record<RiskKind, { open: number; closed: number }> = {
  dishonest: { open: 40, closed: 14 },
  enforcement: { open: 16, closed: 5 },
  penalty: { open: 9, closed: 6 },
  litigation: { open: 6, closed: 3 },
  change: { open: 1.5, closed: 1.5 },
};

// Changes of these registration fields are the ones that often precede trouble (new legal
// representative or shareholders, a moved address, reduced capital).
const SENSITIVE_CHANGES = new Set([
  'legal_rep',
  'shareholder',
  'shareholders',
  'address',
  'registered_capital',
  'name',
]);

function ageYears(date: string, now: Date): number {
  return Math.max(0, (now.getTime() - Date.parse(`${date}T00:00:00Z`)) / (365.25 * 86_400_000));
}

/** Recent matters count fully, older ones fade: what a buyer or lender weighs today. */
function recency(years: number): number {
  if (years <= 1) return 1;
  if (years <= 3) return 0.65;
  if (years <= 5) return 0.4;
  return 0.2;
}

/** Larger amounts weigh more, logarithmically: CNY 100k x1, 1M x1.5, 10M x2. */
function amountFactor(amount: number | null): number {
  if (!amount || amount <= 100_000) return 1;
  return Math.min(2.5, 1 + 0.5 * Math.log10(amount / 100_000));
}

export function weighRecord<R extends RiskRecord>(record: R, now: Date): ScoredRecord<R> {
  const base = BASE[record.kind][record.status];
  let weight = base * recency(ageYears(record.occurredOn, now)) * amountFactor(record.amountCny);
  if (record.kind === 'litigation') {
    if (record.role === 'plaintiff') weight *= 0.3;
    else if (record.role === 'third_party') weight *= 0.5;
  }
  if (record.kind === 'change' && record.subtype && !SENSITIVE_CHANGES.has(record.subtype)) weight *= 0.4;
  const severity: Severity = weight >= 12 ? 'high' : weight >= 4 ? 'medium' : 'low';
  return { record, weight, severity };
}

export interface RiskAssessment<R extends RiskRecord> {
  readonly score: number;
  readonly level: Severity;
  /** Records by weight, heaviest first. */
  readonly scored: readonly ScoredRecord<R>[];
}

/**
 * Saturating sum: score = 100 * (1 - e^(-raw/40)). One open dishonest listing alone scores about 63
 * (high); a handful of closed lawsuits stays low. A deregistered company is high whatever else.
 */
export function assessRisk<R extends RiskRecord>(
  records: readonly R[],
  companyStatus: string,
  now: Date,
): RiskAssessment<R> {
  const scored = records.map((record) => weighRecord(record, now)).sort((a, b) => b.weight - a.weight);
  const frequentChanges = records.filter(
    (r) => r.kind === 'change' && ageYears(r.occurredOn, now) <= 1,
  ).length;
  let raw = scored.reduce((sum, item) => sum + item.weight, 0);
  if (frequentChanges >= 3) raw += 6;
  if (companyStatus !== 'active') raw += 60;
  const score = Math.round(100 * (1 - Math.exp(-raw / 40)));
  const level: Severity = score >= 60 ? 'high' : score >= 30 ? 'medium' : 'low';
  return { score, level, scored };
}

const KIND_NAME: Record<RiskKind, { zh: string; en: string }> = {
  litigation: { zh: '诉讼', en: 'lawsuit' },
  dishonest: { zh: '失信被执行人记录', en: 'dishonest-debtor listing' },
  enforcement: { zh: '被执行人记录', en: 'enforcement record' },
  penalty: { zh: '行政处罚', en: 'administrative penalty' },
  change: { zh: '工商变更', en: 'registration change' },
};

export function kindName(lang: Lang, kind: RiskKind): string {
  return pick(lang, KIND_NAME[kind].zh, KIND_NAME[kind].en);
}

/** One driver line for a heavy record: what it is, when, how much, whether it is still open. */
export function describeDriver(lang: Lang, item: ScoredRecord): string {
  const { record } = item;
  const open = record.status === 'open';
  const amount = record.amountCny ? formatCny(lang, record.amountCny) : null;
  if (lang === 'en') {
    const parts = [`${open ? 'Open' : 'Closed'} ${kindName(lang, record.kind)} (${record.occurredOn})`];
    if (record.kind === 'litigation' && record.role === 'defendant') parts.push('as defendant');
    if (amount) parts.push(`involving ${amount}`);
    return `${parts.join(', ')}: ${record.title}`;
  }
  const parts = [`${record.occurredOn}${open ? '未结' : '已结'}${kindName(lang, record.kind)}`];
  if (record.kind === 'litigation' && record.role === 'defendant') parts.push('作为被告');
  if (amount) parts.push(`涉及金额${amount}`);
  return `${parts.join('，')}：${record.title}`;
}

/** The lines that explain a score: the heaviest records, then patterns no single record shows. */
export function riskDrivers<R extends RiskRecord>(
  lang: Lang,
  assessment: RiskAssessment<R>,
  companyStatus: string,
  now: Date,
): string[] {
  const drivers: string[] = [];
  if (companyStatus !== 'active') {
    drivers.push(
      pick(
        lang,
        `企业登记状态为"${STATUS_ZH[companyStatus] ?? companyStatus}"，已不在正常经营`,
        `Registration status is "${companyStatus}": the company no longer operates normally`,
      ),
    );
  }
  for (const item of assessment.scored.slice(0, 5)) {
    if (item.severity === 'low' && drivers.length >= 2) break;
    drivers.push(describeDriver(lang, item));
  }
  const recentChanges = assessment.scored.filter(
    (s) => s.record.kind === 'change' && ageYears(s.record.occurredOn, now) <= 1,
  ).length;
  if (recentChanges >= 3) {
    drivers.push(
      pick(
        lang,
        `近一年内发生${recentChanges}次工商变更，变更频繁`,
        `${recentChanges} registration changes within the last year`,
      ),
    );
  }
  if (drivers.length === 0) {
    drivers.push(
      pick(
        lang,
        '未发现诉讼、失信、被执行、处罚或变更记录',
        'No litigation, dishonest-debtor, enforcement, penalty or change records found',
      ),
    );
  }
  return drivers;
}

const STATUS_ZH: Record<string, string> = {
  revoked: '吊销',
  cancelled: '注销',
  moved: '迁出',
  active: '存续',
};
