// The database behind one small interface so the embedded PGlite and a PostgreSQL server are
// interchangeable. Both speak the same SQL; only connection handling differs.

export type Row = Record<string, unknown>;

export interface QueryResult<R = Row> {
  rows: R[];
  rowCount: number;
}

/** Anything that runs one parameterised statement: the database itself or an open transaction. */
export interface Queryable {
  query<R = Row>(text: string, values?: readonly unknown[]): Promise<QueryResult<R>>;
}

/** A statement built by a small pure function, in the pg-boss style. */
export interface Sql {
  text: string;
  values: unknown[];
}

/** An open transaction: statements plus parameterless scripts. */
export interface Transaction extends Queryable {
  exec(script: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters (migrations, schema set-up). */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
}
