import { fail, ok } from '@jiyin/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';

export async function healthRoutes(app: FastifyInstance, { database }: Deps) {
  app.get('/healthz', async (_req, reply) => {
    if (await database.ping()) return ok({ db: 'ok' });
    return reply.status(503).send(fail('UNAVAILABLE', '数据库不可用', { db: 'down' }));
  });
}
