import { describe, expect, it } from 'vitest';
import { articleSchema, COMMUNITY_MODULES, newCommentSchema, newPostSchema, reportSchema } from '../src/community.ts';
import { NOTIFICATION_TYPES } from '../src/constants.ts';

describe('community rules', () => {
  it('takes a post’s text without invisible characters and refuses what is empty after that', () => {
    expect(newPostSchema.parse({ module: 'health', content: '  \u200b你好\u0007  ' })).toEqual({
      module: 'health',
      kind: 'post',
      content: '你好',
      images: [],
    });
    expect(newPostSchema.safeParse({ module: 'health', content: '\u200b \u200b' }).error?.issues[0].message).toBe('请输入内容');
    expect(newCommentSchema.safeParse({ content: 'x'.repeat(501) }).error?.issues[0].message).toBe('内容不能超过 500 字');
  });

  it('accepts only pictures the upload call answered, at most 9', () => {
    const pic = (n: number) => `/uploads/community/${'0'.repeat(8)}-0000-4000-8000-${String(n).padStart(12, '0')}.jpg`;
    expect(newPostSchema.safeParse({ module: 'life', content: '图', images: [pic(1)] }).success).toBe(true);
    for (const bad of ['/uploads/chat/00000000-0000-4000-8000-000000000001.jpg', 'javascript:alert(1)', `${pic(1)}?x`, '//evil/x.jpg'])
      expect(newPostSchema.safeParse({ module: 'life', content: '图', images: [bad] }).success).toBe(false);
    expect(
      newPostSchema.safeParse({ module: 'life', content: '图', images: Array.from({ length: 10 }, (_, i) => pic(i)) }).error?.issues[0]
        .message,
    ).toBe('最多上传 9 张图片');
  });

  it('has the health module the spec names (?module=health) and refuses unknown ones', () => {
    expect(COMMUNITY_MODULES.map((m) => m.id)).toContain('health');
    expect(newPostSchema.safeParse({ module: 'admin', content: '你好' }).error?.issues[0].message).toBe('请选择版块');
  });

  it('uses the §9 notification types 1, 2 and 3 for comment, answer and discussion', () => {
    expect(NOTIFICATION_TYPES).toMatchObject({ commentPost: 1, answer: 2, discuss: 3 });
  });

  it('checks reports and articles with Chinese messages', () => {
    expect(reportSchema.safeParse({ targetKind: 'post', targetId: 'x', reason: 'ad' }).error?.issues[0].message).toBe('举报的内容不存在');
    expect(articleSchema.safeParse({ title: '题', summary: '要', category: 'basics', markdown: '' }).error?.issues[0].message).toBe(
      '请输入正文',
    );
  });
});
