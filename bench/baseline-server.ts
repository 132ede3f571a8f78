// Baselines for `npm run bench`: a bare fastify JSON route, and a bare route that does one INSERT
// and COMMIT on the same kind of database the service uses. Nothing of bizfn runs here.
import Fastify from 'fastify';
import { openDatabase } from '../src/storage/index.ts';

const db = await openDatabase({
  DATABASE_URL: process.env.DATABASE_URL,
  DATA_DIR: process.env.DATA_DIR ?? './data-baseline',
});
await db.exec(
  'CREATE TABLE IF NOT EXISTS bench_commits (id bigserial PRIMARY KEY, body text NOT NULL, at timestamptz NOT NULL DEFAULT now())',
);

const app = Fastify({ logger: false });
app.get('/json', async () => ({ ok: true, hello: 'world' }));
app.post('/commit', async (request) => {
  await db.transaction(async (tx) => {
    await tx.query('INSERT INTO bench_commits (body) VALUES ($1)', [JSON.stringify(request.body)]);
  });
  return { ok: true };
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
const address = app.server.address();
process.stdout.write(`baseline listening on ${typeof address === 'object' && address ? address.port : ''}\n`);
process.once('SIGTERM', async () => {
  await app.close();
  await db.close();
  process.exit(0);
});
