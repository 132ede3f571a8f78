// One webhook attempt: POST the signed body to the callback URL and report what happened. The
// target is checked again here (DNS may have changed since the run was accepted) and at connect
// time, redirects are never followed, and at most a few KB of the answer are read.
import https from 'node:https';
import { checkCallbackUrl, guardedLookup, type Resolver } from './ssrf.ts';

/** Bytes of the receiver's answer kept for the operator; the rest is never read. */
export const RESPONSE_LIMIT_BYTES = 4096;

export interface SendOptions {
  timeoutMs: number;
  allowHosts: readonly string[];
  /** Extra trusted CA certificates (PEM); tests use it for their self-signed receiver. */
  ca?: string | undefined;
  agent?: https.Agent;
  resolve?: Resolver;
}

export type SendOutcome =
  | { ok: true; status: number; durationMs: number }
  | { ok: false; status?: number; error: string; durationMs: number };

/** A keep-alive agent so a burst of deliveries to one receiver reuses its connections. */
export function createWebhookAgent(ca?: string): https.Agent {
  return new https.Agent({ keepAlive: true, maxSockets: 64, ...(ca ? { ca } : {}) });
}

export async function sendWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const check = await checkCallbackUrl(target, { allowHosts: options.allowHosts, resolve: options.resolve });
  if (!check.ok) return { ok: false, error: `target refused: ${check.reason}`, durationMs: elapsed() };
  const url = check.url;
  const payload = Buffer.from(body, 'utf8');

  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = https.request(
      {
        method: 'POST',
        protocol: 'https:',
        hostname: url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname,
        port: url.port || 443,
        path: `${url.pathname}${url.search}`,
        headers: { ...headers, 'content-length': String(payload.length) },
        lookup: guardedLookup({ allowHosts: options.allowHosts }),
        agent: options.agent ?? false,
        ...(options.ca && !options.agent ? { ca: options.ca } : {}),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let kept = 0;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_LIMIT_BYTES) {
            chunks.push(chunk.subarray(0, RESPONSE_LIMIT_BYTES - kept));
            kept += chunk.length;
          }
          if (kept >= RESPONSE_LIMIT_BYTES) {
            // Enough for the operator's log line; a receiver streaming megabytes gets cut off.
            res.destroy();
            settle();
          }
        });
        const settle = () => {
          // 3xx counts as a failure: following a redirect would hand the receiver our request to
          // send anywhere, past the address check.
          if (status >= 200 && status < 300) {
            finish({ ok: true, status, durationMs: elapsed() });
          } else {
            const excerpt = Buffer.concat(chunks).toString('utf8').slice(0, 200);
            finish({
              ok: false,
              status,
              error: `HTTP ${status}${excerpt ? `: ${excerpt}` : ''}`,
              durationMs: elapsed(),
            });
          }
        };
        res.on('end', settle);
        res.on('error', settle);
        res.on('close', settle);
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`timed out after ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => {
      finish({
        ok: false,
        error: error.code ? `${error.code}: ${error.message}` : error.message,
        durationMs: elapsed(),
      });
    });
    req.end(payload);
  });
}
