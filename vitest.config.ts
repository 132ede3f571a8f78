import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: more workers only contend for them (and PGlite instances are memory-heavy).
    maxWorkers: 2,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
