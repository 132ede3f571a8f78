// Callback signatures. One secret per job, shown once, signs every delivery two ways: the
// contract's `X-Service-Signature: sha256=<hex>` over the raw body, and Standard Webhooks
// (`webhook-id`, `webhook-timestamp`, `webhook-signature`) so receivers can also reject replays.
import { createHmac, randomBytes } from 'node:crypto';

/**
 * The secret is minted in the Standard Webhooks form, `whsec_<base64 of 32 random bytes>`, so the
 * one string the caller is shown works unchanged with both kinds of verifier:
 * - `X-Service-Signature` is keyed with the whole string's UTF-8 bytes, prefix included, exactly as
 *   the contract says ("keyed with callback_secret"); GitHub-style verifiers do the same.
 * - `webhook-signature` is keyed with the base64-decoded bytes after `whsec_`, exactly as the
 *   Standard Webhooks libraries decode a `whsec_` secret.
 */
const SECRET_PREFIX = 'whsec_';

export function newCallbackSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

function standardKey(secret: string): Buffer {
  if (secret.startsWith(SECRET_PREFIX)) return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  // Secrets not minted here (none today) are used as raw bytes rather than guessed at.
  return Buffer.from(secret, 'utf8');
}

/** `sha256=<hex HMAC-SHA256(raw body, secret)>`, the contract's X-Service-Signature. */
export function serviceSignature(body: string | Buffer, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** `v1,<base64 HMAC-SHA256(key, "id.timestamp.body")>`, the Standard Webhooks signature. */
export function standardSignature(
  messageId: string,
  timestampSeconds: number,
  body: string | Buffer,
  secret: string,
): string {
  const mac = createHmac('sha256', standardKey(secret))
    .update(`${messageId}.${timestampSeconds}.`)
    .update(body)
    .digest('base64');
  return `v1,${mac}`;
}

export interface SignInput {
  /** The exact bytes that will be sent. */
  body: string;
  secret: string;
  /** Stable across retries of one event, so receivers can deduplicate (Standard Webhooks). */
  eventId: string;
  jobId: string;
  /** Signing time; each attempt is signed afresh so its timestamp is inside the receiver's tolerance. */
  now: Date;
}

/** Every header a delivery carries, signatures included. */
export function signedHeaders(input: SignInput): Record<string, string> {
  const timestamp = Math.floor(input.now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'bizfn-webhooks/1',
    'x-service-signature': serviceSignature(input.body, input.secret),
    'x-service-job-id': input.jobId,
    'webhook-id': input.eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': standardSignature(input.eventId, timestamp, input.body, input.secret),
  };
}
