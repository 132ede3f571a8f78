// Which browser origins may call /mcp: fixed from the configured base URL, never from Host.
import { describe, expect, it } from 'vitest';
import { allowedOrigins } from './http.ts';

describe('allowedOrigins', () => {
  it('is the public origin alone for a public host', () => {
    expect([...allowedOrigins('https://api.example.com/base')]).toEqual(['https://api.example.com']);
  });

  it('accepts every loopback spelling of a loopback address, on its port only', () => {
    const origins = allowedOrigins('http://127.0.0.1:8080');
    expect(origins).toEqual(new Set(['http://127.0.0.1:8080', 'http://localhost:8080', 'http://[::1]:8080']));
    expect(origins.has('http://localhost:9999')).toBe(false);
    expect(origins.has('http://evil.example')).toBe(false);
  });
});
