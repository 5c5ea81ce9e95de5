import { COMMUNITY_API_PATHS, type PostView } from '@jiyin/contracts/community';
import sharp from 'sharp';
import type { NotificationView } from '@jiyin/contracts/reportApi';
import { REPORT_API_PATHS } from '@jiyin/contracts/reportApi';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, gotoReady, launch, openPage, screenshot, VIEWPORTS, type Viewport, type RecordedPage } from './browser.ts';
import { type ApiUser, apiUser } from './helpers.ts';

/**
 * Community with two browser contexts: B (the author) posts, A comments on the post from its detail
 * page, B's bell count rises live, B opens the notice (marked read) and lands on the post. The gene
 * club's editorial articles render server-side with their Markdown sanitised.
 */
let browser: Browser;
let a: ApiUser;
let b: ApiUser;

async function asUser(page: Page, user: ApiUser) {
  await page.context().addCookies([{ name: '__token', value: user.token, url: baseUrl() }]);
}

beforeAll(async () => {
  browser = await launch();
  a = await apiUser('13700000601', '寻根的甲');
  b = await apiUser('13700000602', '发帖的乙');
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe.each(VIEWPORTS)('community at $name ($width×$height)', (vp: Viewport) => {
  let pa: RecordedPage;
  let pb: RecordedPage;
  // Texts name the size in Chinese: the phone run's pages still list the PC run's posts, and other
  // files read these pages for English words.
  const size = vp.name === 'pc' ? '电脑' : '手机';
  const post = { id: '', content: `【测试】我家祖上从福建泉州迁到台湾，有同宗的朋友吗？（${size}）` };
  beforeAll(async () => {
    pa = await openPage(browser, vp);
    pb = await openPage(browser, vp);
    await asUser(pa, a);
    await asUser(pb, b);
  });
  afterAll(async () => {
    await pa?.context().close();
    await pb?.context().close();
  });

  it('A comments on B’s post, B’s bell rises live, B opens the notice (read, leads to the post) and deletes it after confirming', async () => {
    const comment = `<b>我也是泉州的</b>，一起寻根吧（${size}）`;
    // B posts with a picture from the community page; the antispam check refuses a listed word first.
    await gotoReady(pb, `${baseUrl()}/community?module=ancestry`);
    await pb.getByTestId('post-input').fill('低价代开发票');
    await pb.getByTestId('post-submit').click();
    await pb.getByText('内容包含不允许发布的词语「代开发票」，请修改后再发布').waitFor();
    await pb.getByTestId('post-input').fill(post.content);
    const picture = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#6a9' } })
      .png()
      .toBuffer();
    await pb
      .getByTestId('post-composer')
      .locator('input[type=file]')
      .setInputFiles({ name: 'home.png', mimeType: 'image/png', buffer: picture });
    await pb.locator('.post-composer__thumb').waitFor();
    await pb.getByTestId('post-submit').click();
    const card = pb.getByTestId('post-card').filter({ hasText: post.content });
    await card.waitFor();
    post.id = new URL(`${baseUrl()}${await card.locator('a.post-card__link').getAttribute('href')}`).searchParams.get('id') ?? '';
    expect(await card.locator('.post-card__images img').getAttribute('src')).toMatch(/^\/uploads\/community\/[0-9a-f-]{36}\.png$/);
    // On the phone the counts are in the side menu.
    await screenshot(pb, vp, 'community-list');
    if (vp.name === 'phone') await pb.getByRole('button', { name: '打开菜单' }).click();
    const bell = pb.getByTestId(vp.name === 'pc' ? 'inbox-notices-count' : 'side-info');
    await bell.waitFor();
    expect(await bell.locator('.ant-badge-count').count()).toBe(0);

    // A reads the post (server-rendered) and comments.
    await gotoReady(pa, `${baseUrl()}/community/comment-detail?id=${post.id}`);
    await pa.getByText(post.content).waitFor();
    // The share card names the post and its picture by absolute address.
    expect(await pa.locator('meta[property="og:url"]').getAttribute('content')).toBe(`${baseUrl()}/community/comment-detail?id=${post.id}`);
    expect(await pa.locator('meta[property="og:image"]').getAttribute('content')).toMatch(
      new RegExp(`^${baseUrl()}/uploads/community/[0-9a-f-]{36}\\.png$`),
    );
    await pa.getByTestId('comment-input').fill(comment);
    await pa.getByTestId('comment-submit').click();
    await pa.getByTestId('comment').filter({ hasText: comment }).waitFor();
    await screenshot(pa, vp, 'community-detail-commented');

    // B's count rises without a reload.
    await bell.locator('.ant-badge-count[title="1"]').waitFor({ timeout: 15_000 });
    await screenshot(pb, vp, 'community-bell-live');
    if (vp.name === 'pc') {
      await pb.getByTestId('inbox-notices').click();
      const panel = pb.getByTestId('inbox-notices-panel');
      await panel.getByText('评论了你的帖子').waitFor();
      await screenshot(pb, vp, 'community-notice-dropdown');
      await panel.locator('.inbox-panel__item', { hasText: comment }).click();
    } else {
      await pb.keyboard.press('Escape');
      await gotoReady(pb, `${baseUrl()}/user/notices`);
      await pb.getByTestId('notice-item').filter({ hasText: comment }).locator('button').first().click();
    }
    await pb.waitForURL((u) => u.pathname === '/community/comment-detail' && u.searchParams.get('id') === post.id);
    // Markup in a comment is shown as typed, never as markup.
    await pb.getByTestId('comment').filter({ hasText: comment }).waitFor();
    expect(await pb.locator('.comment__text b').count()).toBe(0);
    const [notice] = (await b.call<{ list: NotificationView[] }>('GET', `${REPORT_API_PATHS.notifications}?module=notification`)).list;
    expect(notice).toMatchObject({ type: 1, title: '评论了你的帖子' });
    expect(notice.readDate).not.toBeNull();
    if (vp.name === 'pc') await pb.getByTestId('inbox-notices-count').locator('.ant-badge-count').waitFor({ state: 'detached' });
    await screenshot(pb, vp, 'community-detail-author');
    // B deletes the comment notice after the §8 confirmation.
    await gotoReady(pb, `${baseUrl()}/user/notices`);
    const item = pb.getByTestId('notice-item').filter({ hasText: comment });
    await item.getByRole('button', { name: '删除' }).click();
    await pb.locator('.ant-modal-confirm-title', { hasText: '确认删除该条评论消息吗' }).waitFor();
    await screenshot(pb, vp, 'community-notice-delete');
    await pb.getByRole('button', { name: '确认删除' }).click();
    await pb.getByText('删除成功').waitFor();
    await item.waitFor({ state: 'detached' });
    expect(pa.errors).toEqual([]);
    expect(pb.errors).toEqual([]);
  });

  it('A likes once and reports the post; B edits and deletes the own post after confirming; A sees neither button', async () => {
    await gotoReady(pa, `${baseUrl()}/community/comment-detail?id=${post.id}`);
    expect(await pa.getByTestId('post-delete').count()).toBe(0);
    await pa.getByTestId('post-like').click();
    await pa.getByTestId('post-like').filter({ hasText: '1' }).waitFor();
    await pa.getByTestId('post-report').click();
    await pa.getByRole('dialog').getByText('垃圾广告').click();
    await pa.getByRole('dialog').getByRole('button', { name: '提交' }).click();
    await pa.getByText('举报已提交，我们会尽快处理').waitFor();
    await screenshot(pa, vp, 'community-reported');
    expect(await pa.getByTestId('post-edit').count()).toBe(0);
    await gotoReady(pb, `${baseUrl()}/community/comment-detail?id=${post.id}`);
    await pb.getByTestId('post-edit').click();
    await pb.getByTestId('post-edit-input').fill(`${post.content}（已补充）`);
    await pb.getByTestId('post-edit-save').click();
    await pb.getByText(`${post.content}（已补充）`).waitFor();
    await pb.getByTestId('post-delete').click();
    await pb.getByRole('button', { name: '确认删除' }).click();
    await pb.waitForURL((u) => u.pathname === '/community');
    expect(await pb.getByText(post.content).count()).toBe(0);
  });
});

describe.each(VIEWPORTS)('gene club at $name ($width×$height)', (vp: Viewport) => {
  it('lists the editorial articles and renders one, server-side, with share meta and sanitised Markdown; visitors read the community', async () => {
    const html = await (await fetch(`${baseUrl()}/gene-club`)).text();
    expect(html).toContain('什么是 SNP？基因检测芯片读的是什么');
    const page = await openPage(browser, vp);
    try {
      await gotoReady(page, `${baseUrl()}/gene-club`);
      expect(await page.getByTestId('article-card').count()).toBeGreaterThanOrEqual(2);
      await screenshot(page, vp, 'gene-club-list');
      await page.getByRole('link', { name: '父系与母系：Y 染色体和线粒体 DNA 如何追溯祖先' }).click();
      await page.waitForURL('**/gene-club/detail?id=*');
      const body = page.getByTestId('article-body');
      await body.getByRole('heading', { name: '参考资料' }).waitFor();
      expect(await body.locator('script, iframe, [onerror], [onclick]').count()).toBe(0);
      for (const href of await body.locator('a').evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''))) {
        expect(href).toMatch(/^https:\/\//);
      }
      expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe('父系与母系：Y 染色体和线粒体 DNA 如何追溯祖先');
      await screenshot(page, vp, 'gene-club-detail');
      // Visitors read the community; writing asks them to sign in.
      await gotoReady(page, `${baseUrl()}/community/`);
      await page.getByText('登录后即可发帖、提问和评论').waitFor();
      await page.getByTestId('post-card').first().locator('a.post-card__link').click();
      await page.waitForURL('**/community/comment-detail?id=*');
      await page.getByText('登录后参与').waitFor();
      expect(await page.getByTestId('comment-input').count()).toBe(0);
      await screenshot(page, vp, 'community-detail-visitor');
      expect(page.errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});

describe('search engines', () => {
  it('get the community list and a post as HTML, with the post’s text and share meta, without signing in', async () => {
    const [first] = (await (await fetch(`${baseUrl()}${COMMUNITY_API_PATHS.posts}`)).json()).data.list as PostView[];
    // The header links to /community/ (§2.1 writes it with the slash).
    for (const path of ['/community', '/community/', '/community?module=health']) {
      const res = await fetch(`${baseUrl()}${path}`);
      expect(res.status).toBe(200);
      if (path !== '/community?module=health') expect(await res.text()).toContain(first.content.slice(0, 20));
    }
    expect((await fetch(`${baseUrl()}/community?module=nope`)).status).toBe(404);
    const detail = await (await fetch(`${baseUrl()}/community/comment-detail?id=${first.id}`)).text();
    expect(detail).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(detail).toContain(first.content.slice(0, 20));
  });
});
