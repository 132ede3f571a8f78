// Developer routes: the generated OpenAPI document as JSON and YAML, and an interactive reference
// page (Swagger UI) whose every asset is served from swagger-ui-dist on this machine, never a CDN.
// Public on purpose: the description holds no secrets and a browser cannot send a Bearer key.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/errors.ts';
import { type OpenApiOptions, openApiJson, openApiYaml } from '../../openapi/index.ts';

export type DeveloperRoutesOptions = OpenApiOptions;

const ASSET_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The only files served from swagger-ui-dist: a closed list, so no path ever reaches the disk. */
const ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

const BASE = '/developer/docs/assets';

// Swagger UI styles elements inline and shows data: images; everything else comes from here.
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Business Functions API reference</title>
  <link rel="stylesheet" href="${BASE}/swagger-ui.css">
  <link rel="icon" type="image/png" href="${BASE}/favicon-32x32.png" sizes="32x32">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${BASE}/swagger-ui-bundle.js"></script>
  <script src="${BASE}/swagger-ui-standalone-preset.js"></script>
  <script src="${BASE}/init.js"></script>
</body>
</html>
`;

// A file rather than an inline script, so the page runs under script-src 'self'.
const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/developer/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    // No badge from the public online validator: nothing on this page leaves the service.
    validatorUrl: null,
    persistAuthorization: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout',
  });
});
`;

const assetCache = new Map<string, Buffer>();

async function asset(name: string): Promise<Buffer> {
  let body = assetCache.get(name);
  if (!body) {
    body = await readFile(join(ASSET_DIR, name));
    assetCache.set(name, body);
  }
  return body;
}

export function registerDeveloperRoutes(app: FastifyInstance, options: DeveloperRoutesOptions = {}): void {
  app.get('/developer/openapi.json', async (_request, reply) => {
    return reply
      .header('cache-control', 'no-cache')
      .type('application/json; charset=utf-8')
      .send(openApiJson(options));
  });

  app.get('/developer/openapi.yaml', async (_request, reply) => {
    return reply
      .header('cache-control', 'no-cache')
      .type('application/yaml; charset=utf-8')
      .send(openApiYaml(options));
  });

  app.get('/developer/docs', async (_request, reply) => {
    return reply.header('content-security-policy', CSP).type('text/html; charset=utf-8').send(PAGE);
  });

  app.get(`${BASE}/init.js`, async (_request, reply) => {
    return reply.type('text/javascript; charset=utf-8').send(INIT);
  });

  app.get<{ Params: { name: string } }>(`${BASE}/:name`, async (request, reply) => {
    const type = Object.hasOwn(ASSETS, request.params.name) ? ASSETS[request.params.name] : undefined;
    if (!type) {
      const error = new ApiError('not_found', 'no such documentation asset');
      return reply.code(error.status).send(error.toBody());
    }
    return reply
      .header('cache-control', 'public, max-age=86400')
      .type(type)
      .send(await asset(request.params.name));
  });
}
