import { CODES, type CodeName } from './codes.ts';

/** Every API call answers this envelope (§7, §8): code 0 is success and data carries the result. */
export interface Envelope<T> {
  code: number;
  data: T | null;
  msg: string;
}

export function ok<T>(data: T): Envelope<T> {
  return { code: 0, data, msg: 'ok' };
}

export function fail(name: CodeName, msg?: string, data: unknown = null): Envelope<never> {
  return { code: CODES[name].code, data: data as null, msg: msg ?? CODES[name].msg };
}

export function isOk<T>(env: Envelope<T>): env is Envelope<T> & { data: T } {
  return env.code === 0;
}
