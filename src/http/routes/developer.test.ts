// The developer routes serve the generated description and a reference page that loads only
// assets from this server (no CDN), each of which answers 200.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { openApiDocument } from '../../openapi/index.ts';
import { registerDeveloperRoutes } from './developer.ts';

const app = Fastify();
registerDeveloperRoutes(app, { serverUrl: 'https://api.example.test' });

beforeAll(() => app.ready());
afterAll(() => app.close());

describe('developer routes', () => {
  it('serves the OpenAPI document as JSON and YAML', async () => {
    const json = await app.inject('/developer/openapi.json');
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.json()).toEqual(openApiDocument({ serverUrl: 'https://api.example.test' }));
    const yaml = await app.inject('/developer/openapi.yaml');
    expect(yaml.statusCode).toBe(200);
    expect(yaml.headers['content-type']).toMatch(/^application\/yaml/);
    expect(parse(yaml.body)).toEqual(json.json());
  });

  it('serves a docs page whose every asset is local', async () => {
    const page = await app.inject('/developer/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const refs = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(refs.length).toBeGreaterThanOrEqual(4);
    for (const ref of refs) {
      expect(ref.startsWith('/developer/')).toBe(true);
      const asset = await app.inject(ref);
      expect(asset.statusCode, ref).toBe(200);
      expect(asset.body.length, ref).toBeGreaterThan(0);
    }
    const init = await app.inject('/developer/docs/assets/init.js');
    expect(init.body).toContain("url: '/developer/openapi.json'");
    expect(init.body).toContain('validatorUrl: null');
    expect(`${page.body}${init.body}`).not.toMatch(/https?:\/\//);
  });

  it('serves nothing outside its asset list', async () => {
    for (const name of ['package.json', '..%2Fpackage.json', 'index.html']) {
      const response = await app.inject(`/developer/docs/assets/${name}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ detail: { error: 'not_found' } });
    }
  });
});
