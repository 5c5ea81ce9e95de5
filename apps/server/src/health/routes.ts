import { fail, ok } from '@jiyin/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';

/** Liveness (`/healthz`, the database answers) and readiness (`/readyz`: the database and the job queue answer). */
export async function healthRoutes(app: FastifyInstance, { database, queue }: Deps) {
  app.get('/healthz', async (_req, reply) => {
    if (await database.ping()) return ok({ db: 'ok' });
    return reply.status(503).send(fail('UNAVAILABLE', '数据库不可用', { db: 'down' }));
  });

  app.get('/readyz', async (_req, reply) => {
    const [db, jobs] = await Promise.all([database.ping(), queue.ping()]);
    const data = { db: db ? 'ok' : 'down', queue: jobs ? 'ok' : 'down' };
    if (db && jobs) return ok(data);
    return reply.status(503).send(fail('UNAVAILABLE', db ? '任务队列不可用' : '数据库不可用', data));
  });
}
