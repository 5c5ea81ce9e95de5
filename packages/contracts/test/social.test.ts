import { describe, expect, it } from 'vitest';
import { CHAT_TEXTS, chatBlockedText, postChatSchema, sanitizeChatText, shieldState, showsChatTimestamp } from '../src/social.ts';

describe('chat rules (§4, §5, §9)', () => {
  it('stamps the first message and any more than 10 minutes after the previous one', () => {
    const at = (min: number, sec = 0) => ({ date: new Date(Date.UTC(2026, 0, 1, 8, min, sec)).toISOString() });
    expect(showsChatTimestamp(undefined, at(0))).toBe(true);
    expect(showsChatTimestamp(at(0), at(10))).toBe(false);
    expect(showsChatTimestamp(at(0), at(10, 1))).toBe(true);
  });

  it('maps the shield states to the blocked texts', () => {
    expect([shieldState(false, false), shieldState(true, false), shieldState(false, true), shieldState(true, true)]).toEqual([0, 1, 2, 3]);
    expect([0, 1, 2, 3].map((s) => chatBlockedText(s as 0))).toEqual([
      null,
      CHAT_TEXTS.iBlocked,
      CHAT_TEXTS.theyBlocked,
      CHAT_TEXTS.iBlocked,
    ]);
  });

  it('sends nothing empty after sanitising, and pictures only from the upload address', () => {
    expect(sanitizeChatText(' \u200b\u0007你好\u202e ')).toBe('你好');
    expect(postChatSchema.safeParse({ type: 'text', content: '\u200b \n' }).success).toBe(false);
    expect(postChatSchema.safeParse({ type: 'text', content: 'x'.repeat(501) }).success).toBe(false);
    expect(postChatSchema.safeParse({ type: 'image', content: '/uploads/chat/0e0f1a2b-0000-4000-8000-000000000000.png' }).success).toBe(
      true,
    );
    expect(postChatSchema.safeParse({ type: 'image', content: '/uploads/chat/../avatars/x.png' }).success).toBe(false);
    expect(postChatSchema.safeParse({ type: 'image', content: 'javascript:alert(1)' }).success).toBe(false);
  });
});
