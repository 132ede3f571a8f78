// The tool list is derived from the catalog: one tool per service with a name MCP clients accept,
// the price and billing mode in its description and the payload fields in its input schema.
import { describe, expect, it } from 'vitest';
import { SERVICES } from '../catalog/index.ts';
import {
  DELIVER_CHECKOUT,
  GET_JOB,
  LIST_SERVICES,
  runBody,
  serviceForTool,
  toolList,
  toolName,
} from './tools.ts';

const tools = toolList(100);

describe('MCP tools', () => {
  it('has list_services first, one tool per service, then the async and checkout follow-ups', () => {
    expect(tools[0]!.name).toBe(LIST_SERVICES);
    expect(tools[0]!.description).toMatch(/call this first/i);
    expect(tools.map((tool) => tool.name)).toEqual([
      LIST_SERVICES,
      ...SERVICES.map((service) => toolName(service.code)),
      GET_JOB,
      DELIVER_CHECKOUT,
    ]);
    expect(new Set(tools.map((tool) => tool.name)).size).toBe(tools.length);
    for (const tool of tools) expect(tool.name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });

  it('describes price, billing mode and payload of each service', () => {
    for (const service of SERVICES) {
      const tool = tools.find((candidate) => candidate.name === toolName(service.code))!;
      expect(serviceForTool(tool.name)).toBe(service);
      expect(tool.description).toContain(LIST_SERVICES);
      if (service.async) expect(tool.description).toContain(GET_JOB);
      if (!service.pooled) expect(tool.description).toContain(DELIVER_CHECKOUT);
      expect(tool.description).toContain(`USD ${service.usdCents / 100}`);
      expect(tool.description).toContain(service.pooled ? 'pooled' : 'standalone');
      if (service.pooled) expect(tool.description).toContain(`${service.usdCents} spTok`);
      const properties = Object.keys(tool.inputSchema.properties ?? {});
      expect(properties).toEqual(expect.arrayContaining(Object.keys(service.payload.shape)));
      expect(properties).toContain('idempotency_key');
      expect(properties.includes('async')).toBe(service.async);
      const required = (tool.inputSchema.required ?? []) as string[];
      for (const field of required) expect(Object.keys(service.payload.shape)).toContain(field);
    }
  });

  it('splits arguments into the run request envelope and the payload', () => {
    const service = serviceForTool('report_target_list_export')!;
    expect(
      runBody(service, { industry: 'x', min_insured: 3, async: true, idempotency_key: 'k', lang: 'en' }),
    ).toEqual({
      service_code: 'report.target_list_export',
      payload: { industry: 'x', min_insured: 3 },
      async: true,
      idempotency_key: 'k',
      lang: 'en',
    });
  });
});
