// Streams records out of an import file, CSV (header row, comma-separated, RFC 4180 quoting) or
// JSONL (one JSON object per line), each with the line it starts on, so a bad row can be named.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse';

export interface SourceRecord {
  readonly line: number;
  /** Field values: strings for CSV (empty cells absent), any JSON for JSONL. */
  readonly values: Record<string, unknown>;
  /** Bytes read so far, for progress. */
  readonly bytes: number;
}

export type ReadProblem = { readonly line: number; readonly reason: string };

export async function fileSize(path: string): Promise<number> {
  return (await stat(path)).size;
}

export async function* readRecords(
  path: string,
  onProblem: (problem: ReadProblem) => void,
): AsyncGenerator<SourceRecord> {
  const stream = createReadStream(path);
  let bytes = 0;
  stream.on('data', (chunk) => {
    bytes += chunk.length;
  });
  if (path.endsWith('.jsonl')) {
    const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
    let line = 0;
    for await (const text of lines) {
      line++;
      if (!text.trim()) continue;
      try {
        const value: unknown = JSON.parse(text);
        if (typeof value !== 'object' || value === null || Array.isArray(value)) {
          onProblem({ line, reason: 'a line must be one JSON object' });
          continue;
        }
        yield { line, values: value as Record<string, unknown>, bytes };
      } catch (error) {
        onProblem({ line, reason: `invalid JSON: ${(error as Error).message}` });
      }
    }
    return;
  }
  const parser = stream.pipe(
    parse({
      columns: (header: string[]) => header.map((h) => h.trim().replace(/^\uFEFF/, '')),
      bom: true,
      info: true,
      relax_column_count: false,
      skip_empty_lines: true,
      trim: true,
    }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number };
    }>) {
      const values: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(record)) if (value !== '') values[key] = value;
      yield { line: info.lines, values, bytes };
    }
  } catch (error) {
    const err = error as Error & { lines?: number };
    onProblem({ line: err.lines ?? 0, reason: `CSV: ${err.message}` });
  }
}
