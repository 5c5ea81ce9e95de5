import { COMMENT_TEXT_MAX, type CommentView, HIDE_REASON_MAX, type PostDetail } from '@jiyin/contracts/community';
import { isOk } from '@jiyin/contracts/envelope';
import { signinPath } from '@jiyin/contracts/guards';
import { sanitizeChatText } from '@jiyin/contracts/social';
import { App, Button, Empty, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { data } from 'react-router';
import { antispamMessage } from '../../components/community/PostComposer.tsx';
import { authorAsUser, PostCard, postLink } from '../../components/community/PostCard.tsx';
import { ReportButton } from '../../components/community/ReportButton.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { formatBeijingTime } from '../../lib/dates.ts';
import { absoluteUrl } from '../../lib/links.ts';
import { unwrap } from '../../lib/loaders.ts';
import type { Route } from './+types/detail';
import '../../community.css';

const ID = /^[0-9a-f-]{36}$/;

export async function loader({ context, request }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get('id') ?? '';
  if (!ID.test(id)) throw data(null, { status: 404 });
  const detail = unwrap(await apiClient(context.api).post(id));
  return {
    ...detail,
    pageUrl: absoluteUrl(request, postLink(id)),
    imageUrl: detail.post.images[0] ? absoluteUrl(request, detail.post.images[0]) : null,
  };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  if (!d) return [{ title: pageTitle('评论详情') }];
  const text = d.post.content.replace(/\s+/g, ' ');
  const title = `${text.slice(0, 30)}${text.length > 30 ? '…' : ''} - 社区`;
  const description = text.slice(0, 120);
  return [
    { title: pageTitle(title) },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'article' },
    { property: 'og:url', content: d.pageUrl },
    ...(d.imageUrl ? [{ property: 'og:image', content: d.imageUrl }] : []),
  ];
};

/** Writing a comment, answer or reply: checked by the antispam call first (§7.4), then published. */
function CommentBox({
  postId,
  parentId,
  placeholder,
  onDone,
}: {
  postId: string;
  parentId?: string;
  placeholder: string;
  onDone: (c: CommentView) => void;
}) {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    const content = sanitizeChatText(text);
    if (!content) return void message.error('请输入评论内容');
    setBusy(true);
    try {
      const check = await api.antispam([content]);
      if (!isOk(check)) return void message.error(check.msg);
      if (!check.data.pass) return void message.error(antispamMessage(check.data.list[0].words));
      const res = await api.comment(postId, content, parentId);
      if (!isOk(res)) return void message.error(res.msg);
      setText('');
      onDone(res.data);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="comment-box">
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        maxLength={COMMENT_TEXT_MAX}
        autoSize={{ minRows: 2, maxRows: 6 }}
        aria-label={placeholder}
        data-testid={parentId ? 'reply-input' : 'comment-input'}
      />
      <Button type="primary" loading={busy} onClick={send} data-testid={parentId ? 'reply-submit' : 'comment-submit'}>
        发表
      </Button>
    </div>
  );
}

function CommentItem({
  c,
  postId,
  signedIn,
  onReplied,
  onDeleted,
}: {
  c: CommentView;
  postId: string;
  signedIn: boolean;
  onReplied?: (r: CommentView) => void;
  onDeleted: () => void;
}) {
  const api = useBrowserApi();
  const { message, modal } = App.useApp();
  const [replying, setReplying] = useState(false);
  const askDelete = () =>
    modal.confirm({
      title: '确认删除这条评论吗？',
      okText: '确认删除',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        const res = await api.deleteComment(c.id);
        if (res.code !== 0) return void message.error(res.msg);
        message.success('删除成功');
        onDeleted();
      },
    });
  return (
    <div className="comment" data-testid="comment">
      <UserAvatar user={authorAsUser(c.author)} size={32} />
      <div className="comment__body">
        <div className="comment__head">
          <strong>{c.author.name}</strong>
          {c.kind === 'answer' && <span className="comment__kind">回答</span>}
          {c.replyTo && <span className="muted"> 回复 {c.replyTo}</span>}
        </div>
        <p className="comment__text">{c.content}</p>
        <div className="comment__actions">
          <span className="muted">{formatBeijingTime(c.date)}</span>
          {signedIn && onReplied && (
            <Button type="link" size="small" onClick={() => setReplying((v) => !v)}>
              回复
            </Button>
          )}
          {c.mine && (
            <Button type="link" size="small" danger onClick={askDelete}>
              删除
            </Button>
          )}
          {signedIn && !c.mine && <ReportButton targetKind="comment" targetId={c.id} />}
        </div>
        {replying && onReplied && (
          <CommentBox
            postId={postId}
            parentId={c.id}
            placeholder={`回复 ${c.author.name}`}
            onDone={(r) => {
              setReplying(false);
              onReplied(r);
            }}
          />
        )}
        {c.replies.map((r) => (
          <CommentItem key={r.id} c={r} postId={postId} signedIn={signedIn} onReplied={onReplied} onDeleted={onDeleted} />
        ))}
      </div>
    </div>
  );
}

/** Staff only: hiding a post with the reason its author will see. */
function HideButton({ postId, onHidden }: { postId: string; onHidden: (d: PostDetail['post']) => void }) {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <>
      <Button danger onClick={() => setOpen(true)} data-testid="post-hide">
        隐藏帖子
      </Button>
      <Modal
        title="隐藏帖子"
        open={open}
        okText="确认隐藏"
        cancelText="取消"
        onCancel={() => setOpen(false)}
        onOk={async () => {
          const res = await api.hidePost(postId, reason);
          if (!isOk(res)) return void message.error(res.msg);
          message.success('已隐藏');
          setOpen(false);
          onHidden(res.data);
        }}
      >
        <Input.TextArea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="隐藏原因（作者可见）"
          maxLength={HIDE_REASON_MAX}
          aria-label="隐藏原因"
        />
      </Modal>
    </>
  );
}

/** §2.1 /community/comment-detail?id=: a post with its comments (or answers) and replies; server-rendered. */
export default function CommentDetail({ loaderData }: Route.ComponentProps) {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const [post, setPost] = useState(loaderData.post);
  const [comments, setComments] = useState(loaderData.comments);
  const [more, setMore] = useState(loaderData.moreComments);
  const [page, setPage] = useState(1);
  useEffect(() => {
    setPost(loaderData.post);
    setComments(loaderData.comments);
    setMore(loaderData.moreComments);
    setPage(1);
  }, [loaderData]);
  const { signedIn, staff } = loaderData.viewer;
  const here = postLink(post.id);
  const question = post.kind === 'question';

  const reload = async () => {
    // Replies and deletions change the counts: the post and the first pages are read again.
    const res = await api.post(post.id);
    if (!isOk(res)) return void message.error(res.msg);
    setPost(res.data.post);
    setComments(res.data.comments);
    setMore(res.data.moreComments);
    setPage(1);
  };
  const loadMore = async () => {
    const res = await api.post(post.id, page + 1);
    if (!isOk(res)) return void message.error(res.msg);
    setComments((list) => [...list, ...res.data.comments.filter((c) => !list.some((x) => x.id === c.id))]);
    setMore(res.data.moreComments);
    setPage(page + 1);
  };

  return (
    <div className="container community community--detail" data-testid="post-detail">
      <p className="community__back">
        <a href="/community">← 返回社区</a>
      </p>
      <PostCard
        post={post}
        onNeedSignin={() => {
          window.location.href = signinPath(here);
        }}
        onDeleted={() => {
          window.location.href = '/community';
        }}
      />
      {staff && !post.hidden && (
        <div className="community__staff">
          <HideButton postId={post.id} onHidden={setPost} />
        </div>
      )}
      <section className="comments" aria-label={question ? '回答' : '评论'}>
        <h2>
          {question ? '回答' : '评论'} {post.commentCount}
        </h2>
        {post.hidden ? null : signedIn ? (
          <CommentBox
            postId={post.id}
            placeholder={question ? '写下你的回答' : '写下你的评论'}
            onDone={(c) => {
              setComments((list) => [...list, c]);
              setPost((p) => ({ ...p, commentCount: p.commentCount + 1 }));
            }}
          />
        ) : (
          <p className="post-composer post-composer--signin">
            <span>登录后参与{question ? '回答' : '评论'}</span>
            <Button type="primary" href={signinPath(here)}>
              登录/注册
            </Button>
          </p>
        )}
        {comments.length === 0 ? (
          <Empty description={question ? '还没有回答' : '还没有评论'} />
        ) : (
          comments.map((c) => (
            <CommentItem key={c.id} c={c} postId={post.id} signedIn={signedIn && !post.hidden} onReplied={reload} onDeleted={reload} />
          ))
        )}
        {more && (
          <Button block onClick={loadMore}>
            加载更多
          </Button>
        )}
      </section>
    </div>
  );
}
