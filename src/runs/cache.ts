// Engine answers are pure functions of (service, payload, lang, dataset contents, day), so each
// process keeps the recent ones. A dataset's load stamp is part of the key: an import or a new demo
// load changes it and old answers are never served again (the stamp is re-read every second).
import { LRUCache } from 'lru-cache';
import type { Dataset } from '../engines/index.ts';
import type { Queryable } from '../storage/index.ts';
import type { EngineResult } from './execute.ts';
import { canonicalJson } from './request.ts';

const STAMP_TTL_MS = 1000;

export class ResultCache {
  private readonly entries: LRUCache<string, EngineResult>;
  private readonly stamps = new Map<Dataset, { value: string; at: number }>();

  constructor(
    private readonly db: Queryable,
    maxEntries = 5000,
  ) {
    this.entries = new LRUCache({ max: maxEntries });
  }

  private async stamp(dataset: Dataset): Promise<string> {
    const cached = this.stamps.get(dataset);
    if (cached && Date.now() - cached.at < STAMP_TTL_MS) return cached.value;
    const { rows } = await this.db.query<{ stamp: string | null }>(
      "SELECT loaded_at::text || '/' || companies AS stamp FROM datasets WHERE name = $1",
      [dataset],
    );
    const value = rows[0]?.stamp ?? 'none';
    this.stamps.set(dataset, { value, at: Date.now() });
    return value;
  }

  async key(input: {
    code: string;
    payload: unknown;
    lang: string;
    dataset: Dataset;
    now: Date;
  }): Promise<string> {
    const day = input.now.toISOString().slice(0, 10);
    const stamp = await this.stamp(input.dataset);
    return `${input.dataset}|${stamp}|${day}|${input.lang}|${input.code}|${canonicalJson(input.payload)}`;
  }

  get(key: string): EngineResult | undefined {
    return this.entries.get(key);
  }

  /** Keeps answers and rejections (both are deterministic); never failures. */
  set(key: string, result: EngineResult): void {
    if (result.kind !== 'failed') this.entries.set(key, result);
  }
}
