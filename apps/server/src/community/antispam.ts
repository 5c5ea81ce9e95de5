import {
  type AntispamResult,
  type AntispamVerdict,
  antispamSchema,
  antispamWordSchema,
  COMMUNITY_API_PATHS,
} from '@jiyin/contracts/community';
import { ok } from '@jiyin/contracts/envelope';
import { schema } from '@jiyin/db';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit } from '../auth/audit.ts';
import type { Config } from '../config.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { requireStaff, requireUser } from '../users/session.ts';

const { antispamWords } = schema;

/** Checks user texts before they are published (§7.4); one verdict per text, in order. */
export interface TextModerator {
  readonly name: string;
  check(texts: string[]): Promise<AntispamVerdict[]>;
}

/**
 * Folds what people type to dodge a word list: full-width forms and case (NFKC, lower case), and the
 * spaces, punctuation, symbols and invisible characters put between the characters of a word.
 */
export function foldForMatching(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}\u200b-\u200f\u2060\ufeff]/gu, '');
}

/** The local provider: the staff-editable word list of the database, matched on folded text. */
export class WordListModerator implements TextModerator {
  readonly name = 'local';
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }
  async check(texts: string[]): Promise<AntispamVerdict[]> {
    const words = (await this.deps.database.db.select().from(antispamWords)).map((w) => ({ ...w, folded: foldForMatching(w.word) }));
    return texts.map((text) => {
      const folded = foldForMatching(text);
      const hits = words.filter((w) => w.folded && folded.includes(w.folded));
      return { pass: hits.length === 0, labels: [...new Set(hits.map((h) => h.category))], words: hits.map((h) => h.word) };
    });
  }
}

const remoteAnswer = z.object({
  results: z.array(z.object({ pass: z.boolean(), labels: z.array(z.string()).default([]), words: z.array(z.string()).default([]) })),
});

/**
 * A moderation service over HTTP (ANTISPAM_API_URL, bearer ANTISPAM_API_KEY): POST {texts} answers
 * {results: [{pass, labels, words}]}, one per text. A gateway in front of a cloud provider's text
 * moderation speaks this; anything else (timeout, bad status, wrong shape) is an error, never a pass.
 */
export class HttpModerator implements TextModerator {
  readonly name = 'http';
  private readonly url: string;
  private readonly key?: string;
  constructor(url: string, key?: string) {
    this.url = url;
    this.key = key;
  }
  async check(texts: string[]): Promise<AntispamVerdict[]> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.key ? { authorization: `Bearer ${this.key}` } : {}) },
      body: JSON.stringify({ texts }),
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new Error(`moderation service answered ${res.status}`);
    const parsed = remoteAnswer.safeParse(await res.json().catch(() => null));
    if (!parsed.success || parsed.data.results.length !== texts.length) throw new Error('moderation service answered an unexpected shape');
    return parsed.data.results;
  }
}

/** The staff's word list always; the moderation service as well when configured. A text passes only if both pass it. */
export function moderators(deps: Deps, config: Config['antispam'] = deps.config.antispam): TextModerator[] {
  const local = new WordListModerator(deps);
  return config.provider === 'http' && config.apiUrl ? [local, new HttpModerator(config.apiUrl, config.apiKey)] : [local];
}

/** Every text checked by every moderator; a moderator that fails makes the check fail (code 2761), never pass. */
export async function checkTexts(list: TextModerator[], texts: string[]): Promise<AntispamResult> {
  const verdicts: AntispamVerdict[] = texts.map(() => ({ pass: true, labels: [], words: [] }));
  for (const m of list) {
    let answer: AntispamVerdict[];
    try {
      answer = await m.check(texts);
    } catch (err) {
      throw new ApiError('ANTISPAM_UNAVAILABLE', undefined, 200, err);
    }
    answer.forEach((v, i) => {
      const into = verdicts[i];
      into.pass &&= v.pass;
      into.labels = [...new Set([...into.labels, ...v.labels])];
      into.words = [...new Set([...into.words, ...v.words])];
    });
  }
  return { pass: verdicts.every((v) => v.pass), list: verdicts };
}

/** Refuses text that does not pass, naming the listed words it holds so the writer can fix them. */
export async function requireClean(list: TextModerator[], texts: string[]): Promise<void> {
  const result = await checkTexts(list, texts);
  if (result.pass) return;
  const words = [...new Set(result.list.flatMap((v) => v.words))];
  throw new ApiError('ANTISPAM_REJECTED', words.length ? `内容包含不允许发布的词语「${words.join('、')}」，请修改后再发布` : undefined);
}

const wordParams = z.object({ word: z.string().min(1).max(50) });

/** §7.4 POST /v1/common/antispam/texts, and the staff's word list. */
export async function antispamRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;
  const checkers = moderators(deps);

  app.post(COMMUNITY_API_PATHS.antispam, async (req) => {
    await requireUser(req, deps);
    const { texts } = parseInput(antispamSchema, req.body);
    return ok(await checkTexts(checkers, texts));
  });

  app.get(COMMUNITY_API_PATHS.antispamWords, async (req) => {
    await requireStaff(req, deps);
    const rows = await db.select().from(antispamWords).orderBy(asc(antispamWords.createdAt), asc(antispamWords.word));
    return ok({ list: rows.map((r) => ({ word: r.word, category: r.category, source: r.source, date: r.createdAt.toISOString() })) });
  });

  app.post(COMMUNITY_API_PATHS.antispamWords, async (req) => {
    const me = await requireStaff(req, deps);
    const body = parseInput(antispamWordSchema, req.body);
    const [row] = await db
      .insert(antispamWords)
      .values({ ...body, source: `工作人员添加（${me.userId}）`, createdAt: deps.now() })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new ApiError('BAD_REQUEST', '该词语已在词表中');
    await audit(deps, req, me.userId, 'antispam-word-add', body);
    return ok({ word: row.word, category: row.category });
  });

  app.delete(COMMUNITY_API_PATHS.antispamWord, async (req) => {
    const me = await requireStaff(req, deps);
    const { word } = parseInput(wordParams, req.params);
    const [row] = await db.delete(antispamWords).where(eq(antispamWords.word, word)).returning();
    if (!row) throw new ApiError('NOT_FOUND', '词表中没有这个词语');
    await audit(deps, req, me.userId, 'antispam-word-delete', { word });
    return ok(null);
  });
}
