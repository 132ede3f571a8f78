import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCallbackUrl, guardedLookup, isPublicAddress, type Resolver } from './ssrf.ts';

const none = { allowHosts: [] as string[] };

/** A DNS server that answers what the test says: the only way to test rebinding offline. */
function dnsAnswering(map: Record<string, string[]>): Resolver {
  return async (host) => {
    const answers = map[host];
    if (!answers) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

describe('checkCallbackUrl', () => {
  it.each([
    'https://93.184.215.14/hook',
    'https://93.184.215.14:8443/hook?x=1',
    'https://[2606:4700:4700::1111]/hook',
    'https://8.8.8.8',
  ])('accepts a public address %s', async (url) => {
    const check = await checkCallbackUrl(url, none);
    expect(check.ok).toBe(true);
    if (check.ok) expect(check.url.protocol).toBe('https:');
  });

  it.each([
    ['http://93.184.215.14/hook', /https/],
    ['ftp://93.184.215.14/hook', /https/],
    ['javascript:alert(1)', /https/],
    ['not a url', /valid URL/],
    ['', /empty/],
    [`https://93.184.215.14/${'a'.repeat(3000)}`, /longer/],
  ])('rejects %s', async (url, reason) => {
    const check = await checkCallbackUrl(url, none);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toMatch(reason);
  });

  it.each([
    ['loopback', 'https://127.0.0.1/hook'],
    ['loopback elsewhere in 127/8', 'https://127.8.9.10/hook'],
    ['IPv6 loopback', 'https://[::1]/hook'],
    ['private 10/8', 'https://10.0.0.5/hook'],
    ['private 172.16/12', 'https://172.16.3.4/hook'],
    ['private 192.168/16', 'https://192.168.1.1/hook'],
    ['link-local (cloud metadata)', 'https://169.254.169.254/latest/meta-data'],
    ['IPv6 link-local', 'https://[fe80::1]/hook'],
    ['unique-local', 'https://[fd12:3456::1]/hook'],
    ['CGNAT', 'https://100.64.0.1/hook'],
    ['unspecified', 'https://0.0.0.0/hook'],
    ['IPv6 unspecified', 'https://[::]/hook'],
    ['multicast', 'https://224.0.0.1/hook'],
    ['IPv6 multicast', 'https://[ff02::1]/hook'],
    ['broadcast', 'https://255.255.255.255/hook'],
    ['reserved 240/4', 'https://240.0.0.1/hook'],
    ['documentation range', 'https://192.0.2.1/hook'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/hook'],
    ['IPv4-mapped private', 'https://[::ffff:10.1.2.3]/hook'],
    ['IPv4-mapped in hex', 'https://[::ffff:7f00:1]/hook'],
    ['IPv4-compatible', 'https://[::127.0.0.1]/hook'],
    ['6to4 tunnel', 'https://[2002:7f00:1::]/hook'],
    ['NAT64', 'https://[64:ff9b::7f00:1]/hook'],
    ['decimal form', 'https://2130706433/hook'],
    ['hex form', 'https://0x7f.1/hook'],
    ['octal form', 'https://0177.0.0.1/hook'],
    ['short form', 'https://127.1/hook'],
    ['zero', 'https://0/hook'],
    ['trailing dot', 'https://127.0.0.1./hook'],
    ['percent-encoded', 'https://%31%32%37.0.0.1/hook'],
    ['odd form of a public address', 'https://0x08080808/hook'],
    ['userinfo in front', 'https://user:pw@127.0.0.1/hook'],
    ['localhost by name', 'https://localhost/hook'],
    ['localhost with a dot', 'https://LOCALHOST./hook'],
    ['a .localhost name', 'https://api.localhost/hook'],
  ])('rejects %s', async (_label, url) => {
    const check = await checkCallbackUrl(url, none);
    expect(check).toMatchObject({ ok: false });
  });

  it('rejects the odd forms on plain http too', async () => {
    for (const url of ['http://2130706433', 'http://0x7f.1', 'http://0177.0.0.1', 'http://127.1']) {
      expect((await checkCallbackUrl(url, none)).ok).toBe(false);
    }
  });

  it('rejects a host name that resolves to a private address', async () => {
    const resolve = dnsAnswering({
      'rebind.example': ['10.0.0.1'],
      'mixed.example': ['93.184.215.14', '127.0.0.1'],
      'mapped.example': ['::ffff:192.168.0.1'],
      'good.example': ['93.184.215.14', '2606:4700:4700::1111'],
    });
    expect(await checkCallbackUrl('https://rebind.example/h', { allowHosts: [], resolve })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/resolves to a private/),
    });
    expect((await checkCallbackUrl('https://mixed.example/h', { allowHosts: [], resolve })).ok).toBe(false);
    expect((await checkCallbackUrl('https://mapped.example/h', { allowHosts: [], resolve })).ok).toBe(false);
    expect((await checkCallbackUrl('https://good.example/h', { allowHosts: [], resolve })).ok).toBe(true);
    expect(await checkCallbackUrl('https://nowhere.example/h', { allowHosts: [], resolve })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/does not resolve/),
    });
  });

  it('uses the system resolver by default', async () => {
    // /etc/hosts maps these names to 127.0.0.1 on every machine we run on.
    expect((await checkCallbackUrl('https://vm/hook', none)).ok).toBe(false);
  });

  it('lets allowed hosts skip the address check, but not the https rule', async () => {
    const opts = { allowHosts: ['localhost', '127.0.0.1'] };
    expect((await checkCallbackUrl('https://localhost:8443/hook', opts)).ok).toBe(true);
    expect((await checkCallbackUrl('https://LocalHost./hook', opts)).ok).toBe(true);
    expect((await checkCallbackUrl('https://127.0.0.1/hook', opts)).ok).toBe(true);
    expect((await checkCallbackUrl('http://localhost/hook', opts)).ok).toBe(false);
    expect((await checkCallbackUrl('https://10.0.0.1/hook', opts)).ok).toBe(false);
  });
});

describe('isPublicAddress', () => {
  it('judges resolver answers', () => {
    expect(isPublicAddress('93.184.215.14')).toBe(true);
    expect(isPublicAddress('2606:4700:4700::1111')).toBe(true);
    expect(isPublicAddress('127.0.0.1')).toBe(false);
    expect(isPublicAddress('fe80::1%eth0')).toBe(false);
    expect(isPublicAddress('::ffff:8.8.8.8')).toBe(true);
    expect(isPublicAddress('not-an-ip')).toBe(false);
  });
});

describe('guardedLookup at connect time', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((_req, res) => res.end('reached'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  function get(host: string, allowHosts: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      const req = http.get({ host, port, path: '/', lookup: guardedLookup({ allowHosts }) }, (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve(body));
      });
      req.on('error', reject);
    });
  }

  it('refuses to connect to a name that resolves to loopback', async () => {
    await expect(get('localhost', [])).rejects.toMatchObject({ code: 'EBLOCKEDADDRESS' });
    await expect(get('vm', [])).rejects.toMatchObject({ code: 'EBLOCKEDADDRESS' });
  });

  it('connects to an allowed host', async () => {
    expect(await get('localhost', ['localhost'])).toBe('reached');
  });

  it('answers in both callback forms', async () => {
    const lookup = guardedLookup({ allowHosts: ['localhost'] });
    const single = await new Promise<unknown[]>((resolve) =>
      lookup('localhost', { family: 4 }, (...args: unknown[]) => resolve(args)),
    );
    expect(single).toEqual([null, '127.0.0.1', 4]);
    const all = await new Promise<unknown[]>((resolve) =>
      lookup('localhost', { all: true, family: 4 }, (...args: unknown[]) => resolve(args)),
    );
    expect(all[0]).toBeNull();
    expect(all[1]).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });
});
