import { CODES } from '@jiyin/contracts/codes';
import { fail } from '@jiyin/contracts/envelope';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

/**
 * Every failure leaves as an envelope with a Chinese message (§7, §8): expected ones keep their code,
 * framework errors map to the nearest code, anything else is logged and answered as INTERNAL without
 * a stack trace.
 */
export function envelopeErrorHandler(app: FastifyInstance) {
  return (err: FastifyError | ApiError, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof ApiError) {
      return reply.status(err.httpStatus).send(fail(err.codeName, err.message));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(fail('RATE_LIMITED'));
    if (status === 413) return reply.status(413).send(fail('PAYLOAD_TOO_LARGE'));
    if (status >= 400 && status < 500) {
      const msg = err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? '不支持的请求内容类型' : CODES.BAD_REQUEST.msg;
      return reply.status(400).send(fail('BAD_REQUEST', msg));
    }
    app.log.error({ err, url: req.url }, 'unhandled error');
    return reply.status(500).send(fail('INTERNAL'));
  };
}
