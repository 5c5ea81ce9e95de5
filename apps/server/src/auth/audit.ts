import type { AuditAction } from '@jiyin/contracts/accounts';
import { schema } from '@jiyin/db';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import { newId } from './tokens.ts';

/** Records a sign-in or sensitive action; the user can list them (PIPL). */
export async function audit(deps: Deps, req: FastifyRequest, userId: string, action: AuditAction, detail?: Record<string, unknown>) {
  await deps.database.db.insert(schema.auditLog).values({
    id: newId(),
    userId,
    action,
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300),
    detail,
    createdAt: deps.now(),
  });
}
