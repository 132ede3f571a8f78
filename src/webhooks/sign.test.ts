import { verify as verifyGithubStyle } from '@octokit/webhooks-methods';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newCallbackSecret, serviceSignature, signedHeaders } from './sign.ts';

const body = JSON.stringify({ event: 'job.succeeded', job_id: 'job_x', note: '中文 ✓' });

function headersFor(secret: string, now = new Date()) {
  return signedHeaders({ body, secret, eventId: 'evt_1', jobId: 'job_x', now });
}

describe('callback signatures', () => {
  it('mints whsec_ secrets of 32 random bytes', () => {
    const secret = newCallbackSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newCallbackSecret()).not.toBe(secret);
  });

  it('X-Service-Signature verifies with @octokit/webhooks-methods', async () => {
    const secret = newCallbackSecret();
    const headers = headersFor(secret);
    expect(headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(await verifyGithubStyle(secret, body, headers['x-service-signature']!)).toBe(true);
    expect(await verifyGithubStyle(newCallbackSecret(), body, headers['x-service-signature']!)).toBe(false);
    expect(await verifyGithubStyle(secret, `${body} `, headers['x-service-signature']!)).toBe(false);
  });

  it('Standard Webhooks headers verify with the standardwebhooks package', () => {
    const secret = newCallbackSecret();
    const headers = headersFor(secret);
    expect(headers['webhook-id']).toBe('evt_1');
    expect(headers['x-service-job-id']).toBe('job_x');
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('Standard Webhooks verification fails for each tampering', () => {
    const secret = newCallbackSecret();
    const headers = headersFor(secret);
    const wh = new Webhook(secret);
    expect(() => wh.verify(`${body} `, headers)).toThrow(WebhookVerificationError);
    expect(() => wh.verify(body, { ...headers, 'webhook-id': 'evt_2' })).toThrow(WebhookVerificationError);
    expect(() => new Webhook(newCallbackSecret()).verify(body, headers)).toThrow(WebhookVerificationError);
    const stale = headersFor(secret, new Date(Date.now() - 10 * 60_000));
    expect(() => wh.verify(body, stale)).toThrow(/too old/i);
    const { 'webhook-signature': _dropped, ...unsigned } = headers;
    expect(() => wh.verify(body, unsigned)).toThrow(WebhookVerificationError);
  });

  it('matches a known HMAC vector', () => {
    // RFC 4231 test case 2.
    expect(serviceSignature('what do ya want for nothing?', 'Jefe')).toBe(
      'sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });
});
