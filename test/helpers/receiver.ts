// A real https webhook receiver on localhost for tests: a self-signed certificate made with
// openssl, every request recorded with its raw body, and a per-request answer the test chooses.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCert {
  key: string;
  cert: string;
  /** Path of the certificate, for NODE_EXTRA_CA_CERTS in child processes. */
  certPath: string;
}

/** A certificate for localhost and 127.0.0.1, made once per machine and reused. */
export function testCertificate(): TestCert {
  const dir = join(tmpdir(), 'bizfn-test-cert');
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  if (!existsSync(certPath)) {
    mkdirSync(dir, { recursive: true });
    const tmpKey = `${keyPath}.${process.pid}`;
    const tmpCert = `${certPath}.${process.pid}`;
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-sha256',
        '-days',
        '3650',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        tmpKey,
        '-out',
        tmpCert,
      ],
      { stdio: 'ignore' },
    ); // prettier-ignore
    // Renamed into place so a concurrent test file never reads half a file.
    execFileSync('mv', [tmpKey, keyPath]);
    execFileSync('mv', [tmpCert, certPath]);
  }
  return { key: readFileSync(keyPath, 'utf8'), cert: readFileSync(certPath, 'utf8'), certPath };
}

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** What to do with one request: answer with a status, or take full control of the response. */
export type Responder = (request: ReceivedRequest, res: ServerResponse) => number | 'handled';

export interface Receiver {
  url: string;
  port: number;
  cert: TestCert;
  requests: ReceivedRequest[];
  respond: Responder;
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hook'): Promise<Receiver> {
  const cert = testCertificate();
  const requests: ReceivedRequest[] = [];
  const waiters: Array<() => void> = [];
  const receiver: Receiver = {
    url: '',
    port: 0,
    cert,
    requests,
    respond: () => 200,
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`receiver got ${requests.length} of ${count} requests`)),
          timeoutMs,
        );
        const check = () => {
          if (requests.length >= count) {
            clearTimeout(timer);
            resolve(requests.slice(0, count));
            return true;
          }
          return false;
        };
        const tryResolve = () => {
          if (!check()) waiters.push(tryResolve);
        };
        tryResolve();
      });
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = https.createServer(
    { key: cert.key, cert: cert.cert, keepAliveTimeout: 5_000 },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const request: ReceivedRequest = {
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        };
        requests.push(request);
        for (const wake of waiters.splice(0)) wake();
        const answer = receiver.respond(request, res);
        if (answer !== 'handled') {
          res.statusCode = answer;
          res.end('ok');
        }
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `https://localhost:${receiver.port}${path}`;
  return receiver;
}
