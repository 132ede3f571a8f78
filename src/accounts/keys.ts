// API key material: `sk-live-…` and `sk-test-…` (sandbox) keys with 256 bits of randomness,
// stored only as SHA-256 hashes; the key itself is shown once, at creation.
import { createHash, randomBytes } from 'node:crypto';

export const LIVE_PREFIX = 'sk-live-';
export const TEST_PREFIX = 'sk-test-';

export function generateKey(sandbox: boolean): string {
  return (sandbox ? TEST_PREFIX : LIVE_PREFIX) + randomBytes(32).toString('base64url');
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** What may be shown of a key after creation: its kind and first characters. */
export function displayPrefix(key: string): string {
  return key.slice(0, 14);
}

export function isSandboxKey(key: string): boolean {
  return key.startsWith(TEST_PREFIX);
}

/** Parses `Authorization: Bearer <key>`; undefined when the header is absent or malformed. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
