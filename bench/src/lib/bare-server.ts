// A bare Fastify server answering POST /api/query with fixed JSON bytes from memory: the most a
// Node server on this machine can do under the same load, the baseline the list figures are
// divided by. Run as its own process (so that it does not share a thread with the load):
//   BARE_PORT=… BARE_BODY_FILE=… node --import tsx bench/src/lib/bare-server.ts
import fs from 'node:fs';
import Fastify from 'fastify';

const body = fs.readFileSync(process.env.BARE_BODY_FILE ?? '');
const app = Fastify({ logger: false });
app.post('/api/query', async (_request, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8');
  return reply.send(body);
});
app.get('/api/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
