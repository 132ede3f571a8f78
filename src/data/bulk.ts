// Bulk writes into the business-data tables: one INSERT ... SELECT FROM unnest(arrays) per batch,
// which both PGlite and pg run fast (one statement, one round trip, thousands of rows). Arrays
// of arrays do not survive unnest, so text[] columns travel as comma-joined text and jsonb as text.

import type { Dataset } from '../engines/types.ts';
import type { Queryable } from '../storage/index.ts';
import type { TableName, TableRows } from './demo/rows.ts';

type ColumnType = 'text' | 'bigint' | 'int' | 'smallint' | 'boolean' | 'date' | 'text[]' | 'jsonb';

const COLUMNS: {
  readonly [T in TableName]: readonly (readonly [keyof TableRows[T][number] & string, ColumnType])[];
} = {
  companies: [
    ['id', 'bigint'],
    ['uscc', 'text'],
    ['name', 'text'],
    ['name_en', 'text'],
    ['brand', 'text'],
    ['brand_latin', 'text'],
    ['province_code', 'text'],
    ['city', 'text'],
    ['city_en', 'text'],
    ['industry_code', 'text'],
    ['products', 'text[]'],
    ['scope', 'text'],
    ['registered_capital_cny', 'bigint'],
    ['founded_on', 'date'],
    ['insured_employees', 'int'],
    ['tiers', 'text[]'],
    ['status', 'text'],
    ['legal_rep', 'text'],
    ['exporter', 'boolean'],
    ['website', 'text'],
  ],
  trademarks: [
    ['id', 'bigint'],
    ['jurisdiction', 'text'],
    ['reg_no', 'text'],
    ['mark', 'text'],
    ['mark_latin', 'text'],
    ['nice_class', 'smallint'],
    ['owner_name', 'text'],
    ['company_id', 'bigint'],
    ['status', 'text'],
    ['filed_on', 'date'],
    ['registered_on', 'date'],
    ['goods', 'text'],
  ],
  risk_records: [
    ['id', 'bigint'],
    ['company_id', 'bigint'],
    ['kind', 'text'],
    ['ref_no', 'text'],
    ['occurred_on', 'date'],
    ['subtype', 'text'],
    ['role', 'text'],
    ['amount_cny', 'bigint'],
    ['authority', 'text'],
    ['status', 'text'],
    ['title_zh', 'text'],
    ['title_en', 'text'],
    ['detail', 'jsonb'],
  ],
  overseas_buyers: [
    ['id', 'bigint'],
    ['name', 'text'],
    ['country_code', 'text'],
    ['city', 'text'],
    ['kind', 'text'],
    ['products', 'text[]'],
    ['employees', 'int'],
    ['annual_import_usd', 'bigint'],
    ['website', 'text'],
  ],
  trade_records: [
    ['id', 'bigint'],
    ['ref_no', 'text'],
    ['company_id', 'bigint'],
    ['buyer_id', 'bigint'],
    ['country_code', 'text'],
    ['hs_code', 'text'],
    ['product', 'text'],
    ['description', 'text'],
    ['shipped_on', 'date'],
    ['quantity', 'int'],
    ['unit', 'text'],
    ['value_usd', 'bigint'],
  ],
  contacts: [
    ['id', 'bigint'],
    ['owner_kind', 'text'],
    ['owner_id', 'bigint'],
    ['name', 'text'],
    ['title', 'text'],
    ['phone', 'text'],
    ['email', 'text'],
    ['is_primary', 'boolean'],
  ],
};

/** The natural key each table upserts on (after dataset), as in migration 0100. */
export const NATURAL_KEYS: { readonly [T in TableName]: readonly string[] } = {
  companies: ['uscc'],
  trademarks: ['jurisdiction', 'reg_no'],
  risk_records: ['company_id', 'kind', 'ref_no'],
  overseas_buyers: ['country_code', 'name'],
  trade_records: ['ref_no'],
  contacts: ['owner_kind', 'owner_id', 'name'],
};

function arrayType(type: ColumnType): string {
  return type === 'text[]' || type === 'jsonb' ? 'text[]' : `${type}[]`;
}

function selectExpr(name: string, type: ColumnType): string {
  if (type === 'text[]') return `string_to_array(u.${name}, ',')`;
  if (type === 'jsonb') return `u.${name}::jsonb`;
  return `u.${name}`;
}

export interface WriteOptions {
  /** Update the row when its natural key exists (the importer); else plain insert (the demo). */
  upsert?: boolean;
  /** Leave ids to the sequence (the importer); else insert the rows' own ids (the demo). */
  generatedIds?: boolean;
  /** Write into this table instead (the demo loader's staging table, same columns). */
  into?: string;
}

/** Writes rows of one table in one statement; returns the number of rows written. */
export async function writeRows<T extends TableName>(
  db: Queryable,
  table: T,
  dataset: Dataset,
  rows: readonly TableRows[T][number][],
  options: WriteOptions = {},
): Promise<number> {
  if (rows.length === 0) return 0;
  const columns = COLUMNS[table].filter(([name]) => !(options.generatedIds && name === 'id'));
  const values = columns.map(([name, type]) =>
    rows.map((row) => {
      const value = (row as unknown as Record<string, unknown>)[name];
      if (value === null || value === undefined) return null;
      if (type === 'text[]') return (value as string[]).join(',');
      if (type === 'jsonb') return JSON.stringify(value);
      return value;
    }),
  );
  const names = columns.map(([name]) => name);
  const unnest = columns.map(([, type], i) => `$${i + 2}::${arrayType(type)}`).join(', ');
  let sql = `INSERT INTO ${options.into ?? table} (dataset, ${names.join(', ')})
    SELECT $1, ${columns.map(([name, type]) => selectExpr(name, type)).join(', ')}
    FROM unnest(${unnest}) AS u(${names.join(', ')})`;
  if (options.upsert) {
    const key = NATURAL_KEYS[table];
    const updates = names
      .filter((name) => !key.includes(name) && name !== 'id')
      .map((name) => `${name} = EXCLUDED.${name}`);
    const compared = names.filter((name) => !key.includes(name) && name !== 'id');
    if (table === 'companies') updates.push('updated_at = now()');
    // Only rows that differ are rewritten, so re-importing the same files changes nothing and
    // rowCount counts the rows actually inserted or changed.
    sql += ` ON CONFLICT (dataset, ${key.join(', ')}) DO UPDATE SET ${updates.join(', ')}
      WHERE (${compared.map((name) => `${table}.${name}`).join(', ')})
        IS DISTINCT FROM (${compared.map((name) => `EXCLUDED.${name}`).join(', ')})`;
  }
  const result = await db.query(sql, [dataset, ...values]);
  return result.rowCount;
}
