// The OpenAPI 3.1 description of the API, generated from the catalog and the closed error list
// (never written by hand, so it cannot drift from what /run accepts). Served as JSON and YAML by
// the developer routes; built once per server URL because it is a pure function of the code.
import { stringify } from 'yaml';
import { SERVICES, sptokPrice } from '../catalog/index.ts';
import { paths } from './paths.ts';
import { componentSchemas, type JsonSchema } from './schemas.ts';
import { webhookSchemas, webhooks } from './webhooks.ts';

export { errorResponses } from './paths.ts';
export { componentStem, IDEMPOTENCY_KEY, type JsonSchema, jsonSchemaOf } from './schemas.ts';

export interface OpenApiOptions {
  /** Absolute base URL of the API; when absent the server is "/", the host the document came from. */
  readonly serverUrl?: string;
  /** spTok per USD, for the price table in the description. */
  readonly sptokPerUsd?: number;
}

function priceTable(sptokPerUsd: number): string {
  const rows = SERVICES.map((service) => {
    const usd = (service.usdCents / 100).toFixed(0);
    const billing = service.pooled
      ? `pooled, ${sptokPrice(service, sptokPerUsd)} spTok`
      : 'standalone (card)';
    return `| \`${service.code}\` | ${service.title.en} | ${usd} | ${billing} | ${service.async ? 'yes' : 'no'} |`;
  });
  return ['| service_code | function | USD | billing | async |', '|---|---|---|---|---|', ...rows].join('\n');
}

function description(sptokPerUsd: number): string {
  return [
    'Business functions for China-related B2B trade behind one endpoint, `POST /api/v1/business/run`,',
    'selected by `service_code`. Every call either delivers its result or is refunded automatically.',
    '',
    'Authenticate with `Authorization: Bearer <API_KEY>`. Keys beginning `sk-test-` are sandbox keys:',
    'free example data, 20 calls per function per month. Every non-2xx body is',
    '`{"detail": {"error": <code>, "msg": <text>, ...}}`.',
    '',
    'The same functions are available to AI agents as MCP tools at `/mcp` (Streamable HTTP, same key).',
    '',
    priceTable(sptokPerUsd),
  ].join('\n');
}

const cache = new Map<string, JsonSchema>();

/** The OpenAPI document (a fresh copy each call, so callers may not corrupt the cache). */
export function openApiDocument(options: OpenApiOptions = {}): JsonSchema {
  const serverUrl = options.serverUrl ?? '/';
  const sptokPerUsd = options.sptokPerUsd ?? 100;
  const key = `${serverUrl} ${sptokPerUsd}`;
  let document = cache.get(key);
  if (!document) {
    document = {
      openapi: '3.1.0',
      info: {
        title: 'Business Functions API',
        version: '1.0',
        description: description(sptokPerUsd),
      },
      jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
      servers: [{ url: serverUrl }],
      security: [{ bearerAuth: [] }],
      tags: [
        { name: 'business', description: 'The business functions and their jobs, checkouts and reports' },
      ],
      paths: paths(),
      webhooks: webhooks(),
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'API key: sk-live-... (production) or sk-test-... (sandbox)',
          },
        },
        schemas: { ...componentSchemas(), ...webhookSchemas() },
      },
    };
    cache.set(key, document);
  }
  return structuredClone(document);
}

const jsonCache = new Map<string, string>();

/** The document as JSON text, serialised once: what /developer/openapi.json sends. */
export function openApiJson(options: OpenApiOptions = {}): string {
  const key = `${options.serverUrl ?? '/'} ${options.sptokPerUsd ?? 100}`;
  let text = jsonCache.get(key);
  if (text === undefined) {
    text = JSON.stringify(openApiDocument(options));
    jsonCache.set(key, text);
  }
  return text;
}

const yamlCache = new Map<string, string>();

/** The same document as YAML (strings are immutable, so the cached text is shared). */
export function openApiYaml(options: OpenApiOptions = {}): string {
  const key = `${options.serverUrl ?? '/'} ${options.sptokPerUsd ?? 100}`;
  let text = yamlCache.get(key);
  if (text === undefined) {
    text = stringify(openApiDocument(options), { aliasDuplicateObjects: false, lineWidth: 0 });
    yamlCache.set(key, text);
  }
  return text;
}
