// `bizfn data import --dir D`: loads an operator's data from CSV or JSONL files in the documented
// format into the operator dataset. Each file loads in one transaction: a single bad row (reported
// with file, line and reason) and the file commits nothing. Rows upsert on their natural keys and
// only differing rows are rewritten, so importing the same files again changes nothing.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Database, Queryable } from '../../storage/index.ts';
import { writeRows } from '../bulk.ts';
import { analyze } from '../demo/load.ts';
import type { TableRows } from '../demo/rows.ts';
import { latinForm } from '../lookup.ts';
import { PRODUCTS } from '../reference/products.ts';
import { PROVINCES } from '../reference/provinces.ts';
import { fileSize, readRecords } from './read.ts';
import { IMPORT_FILES, type ImportFile, RECORD_SCHEMAS, type RecordOf } from './schema.ts';

export interface RowProblem {
  readonly file: string;
  readonly line: number;
  readonly reason: string;
}

export interface FileReport {
  readonly file: string;
  readonly records: number;
  /** Rows inserted or changed (0 when the file was already loaded, or failed). */
  readonly written: number;
  readonly committed: boolean;
  readonly problems: readonly RowProblem[];
}

export interface ImportReport {
  readonly files: readonly FileReport[];
  readonly ok: boolean;
  /** Companies in the operator dataset after the import. */
  readonly companies: number;
}

export interface ImportOptions {
  readonly onFile?: (file: string, bytes: number) => void;
  readonly onProgress?: (file: string, bytesRead: number) => void;
  /** Problems kept per file; the rest are counted in the last message. */
  readonly maxProblems?: number;
}

const CHUNK = 2_000;

class Rollback extends Error {}

/** The files of D this import will read, in load order: `<table>.csv` or `<table>.jsonl`. */
export function importFilesIn(dir: string): { table: ImportFile; path: string }[] {
  const found: { table: ImportFile; path: string }[] = [];
  for (const table of IMPORT_FILES) {
    for (const ext of ['csv', 'jsonl']) {
      const path = join(dir, `${table}.${ext}`);
      if (existsSync(path)) found.push({ table, path });
    }
  }
  return found;
}

const LEGAL_FORM = /(股份有限公司|有限责任公司|有限公司|集团|公司)$/;
const PLACES = PROVINCES.flatMap((p) => [p.zh, p.short, ...p.cities.map((c) => c.zh)]).sort(
  (a, b) => b.length - a.length,
);

/** The 字号 of a legal name when the file does not give one: the two characters after the place. */
export function deriveBrand(name: string): string {
  let core = name.replace(/[（(][^）)]*[）)]/g, '').replace(LEGAL_FORM, '');
  for (let again = true; again; ) {
    again = false;
    for (const place of PLACES) {
      if (core.startsWith(place) && core.length > place.length + 1) {
        core = core.slice(place.length).replace(/^[省市区县]/, '');
        again = true;
        break;
      }
    }
  }
  return core.slice(0, 2) || name.slice(0, 2);
}

const productByHs = new Map(PRODUCTS.filter((p) => p.hs).map((p) => [p.hs!, p.key]));

type Resolver = (tx: Queryable, values: readonly string[]) => Promise<Map<string, number>>;

const companyIds: Resolver = async (tx, usccs) => {
  const { rows } = await tx.query<{ uscc: string; id: number }>(
    "SELECT uscc, id FROM companies WHERE dataset = 'operator' AND uscc = ANY($1::text[])",
    [[...new Set(usccs)]],
  );
  return new Map(rows.map((row) => [row.uscc, row.id]));
};

/** Buyers are named by "<country>|<name>". */
const buyerIds: Resolver = async (tx, keys) => {
  const unique = [...new Set(keys)];
  const { rows } = await tx.query<{ country_code: string; name: string; id: number }>(
    `SELECT b.country_code, b.name, b.id FROM overseas_buyers b
     JOIN unnest($1::text[], $2::text[]) AS k(country_code, name) USING (country_code, name)
     WHERE b.dataset = 'operator'`,
    [unique.map((k) => k.split('|')[0]), unique.map((k) => k.slice(k.indexOf('|') + 1))],
  );
  return new Map(rows.map((row) => [`${row.country_code}|${row.name}`, row.id]));
};

type Parsed = { line: number; record: unknown };
type Problem = (line: number, reason: string) => void;

/** Turns one chunk of validated records into table rows, resolving references; bad ones are reported. */
async function toRows(
  tx: Queryable,
  table: ImportFile,
  chunk: Parsed[],
  problem: Problem,
): Promise<TableRows[ImportFile][number][]> {
  const out: TableRows[ImportFile][number][] = [];
  if (table === 'companies') {
    for (const { record } of chunk) {
      const r = record as RecordOf<'companies'>;
      const brand = r.brand ?? deriveBrand(r.name);
      out.push({
        id: 0,
        uscc: r.uscc,
        name: r.name,
        name_en: r.name_en ?? null,
        brand,
        brand_latin: latinForm(brand),
        province_code: r.province_code,
        city: r.city ?? null,
        city_en: r.city_en ?? null,
        industry_code: r.industry_code,
        products: r.products ?? [],
        scope: r.scope ?? null,
        registered_capital_cny: r.registered_capital_cny ?? null,
        founded_on: r.founded_on ?? null,
        insured_employees: r.insured_employees ?? 0,
        tiers: r.tiers ?? [],
        status: r.status ?? 'active',
        legal_rep: r.legal_rep ?? null,
        exporter: r.exporter ?? false,
        website: r.website ?? null,
      });
    }
    return out;
  }
  if (table === 'overseas_buyers') {
    for (const { record } of chunk) {
      const r = record as RecordOf<'overseas_buyers'>;
      out.push({
        id: 0,
        name: r.name,
        country_code: r.country_code,
        city: r.city ?? null,
        kind: r.kind ?? 'importer',
        products: r.products ?? [],
        employees: r.employees ?? null,
        annual_import_usd: r.annual_import_usd ?? null,
        website: r.website ?? null,
      });
    }
    return out;
  }
  const usccs = chunk.flatMap(({ record }) => {
    const r = record as { owner_uscc?: string; company_uscc?: string; exporter_uscc?: string };
    return [r.owner_uscc, r.company_uscc, r.exporter_uscc].filter((v): v is string => v !== undefined);
  });
  const companies = usccs.length > 0 ? await companyIds(tx, usccs) : new Map<string, number>();
  const buyerKeys = chunk.flatMap(({ record }) => {
    const r = record as { buyer_name?: string; buyer_country?: string };
    return r.buyer_name && r.buyer_country ? [`${r.buyer_country}|${r.buyer_name}`] : [];
  });
  const buyers = buyerKeys.length > 0 ? await buyerIds(tx, buyerKeys) : new Map<string, number>();
  const company = (uscc: string, line: number) => {
    const id = companies.get(uscc);
    if (id === undefined)
      problem(line, `no company with USCC ${uscc} in the operator data (import it in companies first)`);
    return id;
  };
  const buyer = (country: string, name: string, line: number) => {
    const id = buyers.get(`${country}|${name}`);
    if (id === undefined)
      problem(line, `no overseas buyer "${name}" in ${country} (import it in overseas_buyers first)`);
    return id;
  };
  for (const { line, record } of chunk) {
    if (table === 'trademarks') {
      const r = record as RecordOf<'trademarks'>;
      const owner = r.owner_uscc === undefined ? null : company(r.owner_uscc, line);
      if (owner === undefined) continue;
      out.push({
        id: 0,
        jurisdiction: r.jurisdiction,
        reg_no: r.reg_no,
        mark: r.mark,
        mark_latin: latinForm(r.mark),
        nice_class: r.nice_class,
        owner_name: r.owner_name,
        company_id: owner,
        status: r.status,
        filed_on: r.filed_on ?? null,
        registered_on: r.registered_on ?? null,
        goods: r.goods ?? null,
      });
    } else if (table === 'risk_records') {
      const r = record as RecordOf<'risk_records'>;
      const id = company(r.company_uscc, line);
      if (id === undefined) continue;
      out.push({
        id: 0,
        company_id: id,
        kind: r.kind,
        ref_no: r.ref_no,
        occurred_on: r.occurred_on,
        subtype: r.subtype ?? null,
        role: r.role ?? null,
        amount_cny: r.amount_cny ?? null,
        authority: r.authority ?? null,
        status: r.status ?? 'closed',
        title_zh: r.title_zh,
        title_en: r.title_en ?? null,
        detail: r.detail ?? {},
      });
    } else if (table === 'trade_records') {
      const r = record as RecordOf<'trade_records'>;
      const exporter = company(r.exporter_uscc, line);
      const buyerId = buyer(r.buyer_country, r.buyer_name, line);
      if (exporter === undefined || buyerId === undefined) continue;
      out.push({
        id: 0,
        ref_no: r.ref_no,
        company_id: exporter,
        buyer_id: buyerId,
        country_code: r.buyer_country,
        hs_code: r.hs_code,
        product: r.product ?? productByHs.get(r.hs_code.slice(0, 6)) ?? null,
        description: r.description ?? null,
        shipped_on: r.shipped_on,
        quantity: r.quantity ?? null,
        unit: r.unit ?? null,
        value_usd: r.value_usd,
      });
    } else {
      const r = record as RecordOf<'contacts'>;
      const owner =
        r.owner_kind === 'company'
          ? company(r.company_uscc!, line)
          : buyer(r.buyer_country!, r.buyer_name!, line);
      if (owner === undefined) continue;
      out.push({
        id: 0,
        owner_kind: r.owner_kind,
        owner_id: owner,
        name: r.name,
        title: r.title ?? null,
        phone: r.phone ?? null,
        email: r.email ?? null,
        is_primary: r.is_primary ?? false,
      });
    }
  }
  return out;
}

function describe(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

async function importFile(
  db: Database,
  table: ImportFile,
  path: string,
  options: ImportOptions,
): Promise<FileReport> {
  const file = path;
  const max = options.maxProblems ?? 50;
  const problems: RowProblem[] = [];
  let dropped = 0;
  const problem: Problem = (line, reason) => {
    if (problems.length < max) problems.push({ file, line, reason });
    else dropped++;
  };
  let records = 0;
  let written = 0;
  const seen = new Map<string, number>();
  try {
    await db.transaction(async (tx) => {
      let chunk: Parsed[] = [];
      const flush = async () => {
        if (chunk.length === 0) return;
        const rows = await toRows(tx, table, chunk, problem);
        // Once anything is wrong the file will roll back: keep validating, stop writing.
        if (problems.length === 0 && dropped === 0) {
          written += await writeRows(tx, table, 'operator', rows as never, {
            upsert: true,
            generatedIds: true,
          });
        }
        chunk = [];
      };
      for await (const source of readRecords(path, ({ line, reason }) => problem(line, reason))) {
        records++;
        const parsed = RECORD_SCHEMAS[table].safeParse(source.values);
        if (!parsed.success) {
          problem(source.line, describe(parsed.error.issues));
        } else {
          const key = naturalKey(table, parsed.data);
          const earlier = seen.get(key);
          if (earlier !== undefined) problem(source.line, `same ${key} as line ${earlier}`);
          else seen.set(key, source.line);
          chunk.push({ line: source.line, record: parsed.data });
        }
        if (chunk.length >= CHUNK) await flush();
        if (records % 1000 === 0) options.onProgress?.(file, source.bytes);
      }
      await flush();
      if (problems.length > 0 || dropped > 0) throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
    if (dropped > 0) problems.push({ file, line: 0, reason: `and ${dropped} more problems` });
    return { file, records, written: 0, committed: false, problems };
  }
  return { file, records, written, committed: true, problems };
}

/** The natural key of a record, to refuse a file that names one row twice (an upsert would hide it). */
function naturalKey(table: ImportFile, record: unknown): string {
  const r = record as Record<string, unknown>;
  switch (table) {
    case 'companies':
      return `uscc ${r.uscc}`;
    case 'overseas_buyers':
      return `buyer ${r.country_code}|${r.name}`;
    case 'trademarks':
      return `trademark ${r.jurisdiction}|${r.reg_no}`;
    case 'risk_records':
      return `record ${r.company_uscc}|${r.kind}|${r.ref_no}`;
    case 'trade_records':
      return `ref_no ${r.ref_no}`;
    case 'contacts':
      return `contact ${r.owner_kind}|${r.company_uscc ?? `${r.buyer_country}|${r.buyer_name}`}|${r.name}`;
  }
}

export async function importDirectory(
  db: Database,
  dir: string,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const files = importFilesIn(dir);
  const reports: FileReport[] = [];
  for (const { table, path } of files) {
    options.onFile?.(path, await fileSize(path));
    reports.push(await importFile(db, table, path, options));
  }
  const changed = reports.some((report) => report.written > 0);
  const { rows } = await db.query<{ n: number }>('SELECT count(*) AS n FROM companies_operator');
  const companies = rows[0]!.n;
  if (changed) {
    // A new loaded_at tells the engines to rebuild their aggregates for the operator dataset.
    await db.query(
      `INSERT INTO datasets (name, label, synthetic, companies, loaded_at, note)
       VALUES ('operator', 'Operator data loaded by bizfn data import', false, $1, now(), $2)
       ON CONFLICT (name) DO UPDATE SET companies = EXCLUDED.companies, loaded_at = now(), note = EXCLUDED.note`,
      [companies, `last import from ${dir}`],
    );
    await analyze(
      db,
      IMPORT_FILES.map((table) => `${table}_operator`),
    );
  }
  return { files: reports, ok: reports.every((report) => report.committed), companies };
}
