import { fail, ok } from '@jiyin/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';

/**
 * Liveness (`/healthz`: this process's event loop answers) and readiness (`/readyz`: the database and the
 * job queue answer). Liveness leaves the database out: a restart cannot mend a database outage, and a
 * probe that waits behind the embedded database's busy connection would report a healthy process as hung.
 */
export async function healthRoutes(app: FastifyInstance, { database, queue }: Deps) {
  app.get('/healthz', async () => ok({ process: 'ok' }));

  app.get('/readyz', async (_req, reply) => {
    const [db, jobs] = await Promise.all([database.ping(), queue.ping()]);
    const data = { db: db ? 'ok' : 'down', queue: jobs ? 'ok' : 'down' };
    if (db && jobs) return ok(data);
    return reply.status(503).send(fail('UNAVAILABLE', db ? '任务队列不可用' : '数据库不可用', data));
  });
}
