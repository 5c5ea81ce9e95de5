import type { CodeName } from '@jiyin/contracts/codes';
import { CODES } from '@jiyin/contracts/codes';
import type { ZodType } from 'zod';

/** Thrown by handlers for an expected failure; the error handler turns it into an envelope. */
export class ApiError extends Error {
  readonly codeName: CodeName;
  readonly httpStatus: number;
  constructor(codeName: CodeName, msg?: string, httpStatus = 200, cause?: unknown) {
    super(msg ?? CODES[codeName].msg, { cause });
    this.codeName = codeName;
    this.httpStatus = httpStatus;
  }
}

/** Validates input with a zod schema; the first issue's (Chinese) message becomes the envelope msg. */
export function parseInput<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError('BAD_REQUEST', result.error.issues[0]?.message ?? CODES.BAD_REQUEST.msg);
  return result.data;
}
