// Download links carry a `sig`: the report id's random part and an HMAC of kind and id with a
// server secret. A forged or altered sig fails the HMAC before any lookup; the secret is made at
// first start and kept in the database, so every process of a deployment shares it.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../storage/index.ts';
import type { ReportKind } from './model.ts';

export type ReportId = `rpt_${string}`;

/** 16 random bytes in base64url: the unguessable part of a report id. */
const ID_BODY = /^[A-Za-z0-9_-]{22}$/;
const MAC = /^[A-Za-z0-9_-]{32}$/;

/** Reads the signing secret, creating it on first use (concurrent first starts agree on one). */
export async function loadSigningSecret(db: Queryable): Promise<Buffer> {
  await db.query('INSERT INTO report_signing_keys (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [
    randomBytes(32).toString('base64url'),
  ]);
  const { rows } = await db.query<{ secret: string }>('SELECT secret FROM report_signing_keys WHERE id = 1');
  const secret = rows[0]?.secret;
  if (!secret) throw new Error('report signing secret missing');
  return Buffer.from(secret, 'base64url');
}

export function newReportId(): ReportId {
  return `rpt_${randomBytes(16).toString('base64url')}`;
}

function mac(secret: Buffer, kind: ReportKind, id: ReportId): string {
  // 24 bytes (192 bits) of HMAC-SHA256: far past guessing, and the link stays short.
  return createHmac('sha256', secret).update(`${kind}:${id}`).digest().subarray(0, 24).toString('base64url');
}

export function signReport(secret: Buffer, kind: ReportKind, id: ReportId): string {
  return `${id.slice(4)}.${mac(secret, kind, id)}`;
}

/** The report id a sig names, or undefined when it is malformed or its HMAC does not match. */
export function verifySig(secret: Buffer, kind: ReportKind, sig: string): ReportId | undefined {
  const [body, presented, extra] = sig.split('.');
  if (extra !== undefined || !body || !presented || !ID_BODY.test(body) || !MAC.test(presented))
    return undefined;
  const id: ReportId = `rpt_${body}`;
  const expected = Buffer.from(mac(secret, kind, id));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}
