import { DeleteOutlined } from '@ant-design/icons';
import { YTREE_COMMENT_MAX, type YTreeComment, ytreeCommentSchema } from '@jiyin/contracts/ancestryApi';
import { isOk } from '@jiyin/contracts/envelope';
import { signinPath } from '@jiyin/contracts/guards';
import { App, Button, Empty, Input, Popconfirm, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { formatBeijingTime } from '../../lib/dates.ts';
import { AppLink } from '../AppLink.tsx';

/** §3 Y-tree comments of one haplogroup: newest first, ten at a time; signed-in users write and delete their own. */
export function YTreeComments({ haplogroup, loggedIn }: { haplogroup: string; loggedIn: boolean }) {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const { pathname, search } = useLocation();
  const [list, setList] = useState<YTreeComment[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let stale = false;
    setState('loading');
    setList([]);
    setPage(1);
    api.yTreeComments(haplogroup, 1).then((res) => {
      if (stale) return;
      if (!isOk(res)) return setState('failed');
      setList(res.data.list);
      setTotal(res.data.total);
      setState('ready');
    });
    return () => {
      stale = true;
    };
  }, [api, haplogroup]);

  const more = async () => {
    const res = await api.yTreeComments(haplogroup, page + 1);
    if (!isOk(res)) return message.error(res.msg);
    setList((l) => [...l, ...res.data.list.filter((c) => !l.some((x) => x.id === c.id))]);
    setTotal(res.data.total);
    setPage(page + 1);
  };

  const post = async () => {
    // The page checks what the server checks, so the common mistakes never leave the browser.
    const checked = ytreeCommentSchema.safeParse({ haplogroup, comment: text });
    if (!checked.success) return message.warning(checked.error.issues[0]?.message ?? '评论内容不正确');
    setSending(true);
    const res = await api.postYTreeComment(checked.data);
    setSending(false);
    if (!isOk(res)) return message.error(res.msg);
    setList((l) => [res.data, ...l]);
    setTotal((n) => n + 1);
    setText('');
    message.success('评论已发表');
  };

  const remove = async (id: string) => {
    const res = await api.deleteYTreeComment(id);
    if (res.code !== 0) return message.error(res.msg);
    setList((l) => l.filter((c) => c.id !== id));
    setTotal((n) => Math.max(0, n - 1));
  };

  return (
    <section className="ytree-comments" data-testid="ytree-comments">
      <h3>
        {haplogroup} 的讨论 <span className="muted">{state === 'ready' ? `${total} 条` : ''}</span>
      </h3>
      {loggedIn ? (
        <div className="ytree-comments__form">
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={YTREE_COMMENT_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 6 }}
            placeholder={`说说您对 ${haplogroup} 的了解，例如家族祖籍、迁徙传说（请勿留下手机号等个人信息）`}
            data-testid="ytree-comment-input"
          />
          <Button type="primary" onClick={post} loading={sending} disabled={!text.trim()} data-testid="ytree-comment-submit">
            发表
          </Button>
        </div>
      ) : (
        <p className="muted">
          <AppLink to={signinPath(`${pathname}${search}`)}>登录</AppLink>后可以参与讨论。
        </p>
      )}
      {state === 'loading' && <Spin />}
      {state === 'failed' && <p className="muted">评论加载失败，请稍后再试。</p>}
      {state === 'ready' && list.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有人讨论这个分支" />}
      <ul className="ytree-comments__list">
        {list.map((c) => (
          <li key={c.id} data-testid="ytree-comment">
            <div className="ytree-comments__meta">
              <strong>{c.userName}</strong>
              <span className="muted">{formatBeijingTime(c.createdAt)}</span>
              {c.mine && (
                <Popconfirm title="删除这条评论？" okText="删除" cancelText="取消" onConfirm={() => remove(c.id)}>
                  <Button type="link" size="small" icon={<DeleteOutlined />} aria-label="删除评论" />
                </Popconfirm>
              )}
            </div>
            <p>{c.comment}</p>
          </li>
        ))}
      </ul>
      {state === 'ready' && list.length < total && (
        <Button block onClick={more}>
          加载更多
        </Button>
      )}
    </section>
  );
}
