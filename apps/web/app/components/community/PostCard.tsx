import { communityModuleName, type CommunityAuthor, POST_TEXT_MAX, type PostView } from '@jiyin/contracts/community';
import { isOk } from '@jiyin/contracts/envelope';
import { CommentOutlined, DeleteOutlined, EditOutlined, LikeFilled, LikeOutlined } from '@ant-design/icons';
import { Alert, App, Button, Image, Input, Tag } from 'antd';
import { useState } from 'react';
import type { UserInfo } from '../../lib/api/index.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { formatBeijingTime } from '../../lib/dates.ts';
import { useRootData } from '../../lib/rootData.ts';
import { UserAvatar } from '../UserAvatar.tsx';
import { antispamMessage } from './PostComposer.tsx';
import { ReportButton } from './ReportButton.tsx';

/** A community author in the shape the avatar component takes. */
export function authorAsUser(a: CommunityAuthor): UserInfo {
  return { userId: '', userName: a.name, avatarUrl: a.avatar ?? undefined };
}

export const postLink = (id: string) => `/community/comment-detail?id=${encodeURIComponent(id)}`;

interface Props {
  post: PostView;
  /** In a list the text and comment count link to the post; on the detail page they do not. */
  linked?: boolean;
  onDeleted: () => void;
  /** Called when a signed-out visitor tries to like. */
  onNeedSignin: () => void;
}

/** One post: author, module, text (as typed, never markup), pictures, likes, comments; its author may delete it. */
export function PostCard({ post, linked = false, onDeleted, onNeedSignin }: Props) {
  const api = useBrowserApi();
  const { user } = useRootData();
  const { message, modal } = App.useApp();
  const [like, setLike] = useState({ liked: post.liked, likeCount: post.likeCount });
  const [content, setContent] = useState(post.content);
  const [draft, setDraft] = useState<string | null>(null);
  const saveEdit = async () => {
    if (draft === null) return;
    const check = await api.antispam([draft]);
    if (!isOk(check)) return void message.error(check.msg);
    if (!check.data.pass) return void message.error(antispamMessage(check.data.list[0].words));
    const res = await api.editPost(post.id, draft);
    if (!isOk(res)) return void message.error(res.msg);
    setContent(res.data.content);
    setDraft(null);
    message.success('修改成功');
  };
  const toggleLike = async () => {
    if (!user) return onNeedSignin();
    const res = await api.like(post.id, !like.liked);
    if (!isOk(res)) return void message.error(res.msg);
    setLike(res.data);
  };
  const askDelete = () =>
    modal.confirm({
      title: '确认删除这条帖子吗？',
      content: '删除后帖子下的评论也会一并删除。',
      okText: '确认删除',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        const res = await api.deletePost(post.id);
        if (res.code !== 0) return void message.error(res.msg);
        message.success('删除成功');
        onDeleted();
      },
    });
  const text = <p className="post-card__text">{content}</p>;
  return (
    <article className="post-card" data-testid="post-card">
      <header className="post-card__head">
        <UserAvatar user={authorAsUser(post.author)} size={40} />
        <div className="post-card__who">
          <strong>{post.author.name}</strong>
          <span className="muted">{formatBeijingTime(post.date)}</span>
        </div>
        <span className="post-card__tags">
          {post.kind === 'question' && <Tag color="orange">提问</Tag>}
          <Tag>{communityModuleName(post.module)}</Tag>
        </span>
      </header>
      {post.hidden && <Alert type="warning" showIcon className="post-card__hidden" message={`该帖子已被隐藏：${post.hidden.reason}`} />}
      {draft !== null ? (
        <div className="post-card__edit">
          <Input.TextArea
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            maxLength={POST_TEXT_MAX}
            autoSize={{ minRows: 3, maxRows: 10 }}
            aria-label="修改帖子内容"
            data-testid="post-edit-input"
          />
          <div className="post-composer__row post-composer__row--end">
            <Button onClick={() => setDraft(null)}>取消</Button>
            <Button type="primary" onClick={saveEdit} data-testid="post-edit-save">
              保存
            </Button>
          </div>
        </div>
      ) : linked ? (
        <a href={postLink(post.id)} className="post-card__link">
          {text}
        </a>
      ) : (
        text
      )}
      {post.images.length > 0 && (
        <div className="post-card__images">
          <Image.PreviewGroup>
            {post.images.map((src) => (
              <Image key={src} src={src} alt="帖子图片" width={104} height={104} />
            ))}
          </Image.PreviewGroup>
        </div>
      )}
      <footer className="post-card__actions">
        <Button
          type="text"
          icon={like.liked ? <LikeFilled /> : <LikeOutlined />}
          onClick={toggleLike}
          aria-pressed={like.liked}
          data-testid="post-like"
        >
          {like.likeCount || '点赞'}
        </Button>
        {linked ? (
          <a href={postLink(post.id)} className="post-card__action">
            <CommentOutlined /> {post.commentCount || (post.kind === 'question' ? '回答' : '评论')}
          </a>
        ) : (
          <span className="post-card__action muted">
            <CommentOutlined /> {post.commentCount}
          </span>
        )}
        {post.mine && !linked && draft === null && !post.hidden && (
          <Button type="text" icon={<EditOutlined />} onClick={() => setDraft(content)} data-testid="post-edit">
            编辑
          </Button>
        )}
        {post.mine && (
          <Button type="text" danger icon={<DeleteOutlined />} onClick={askDelete} data-testid="post-delete">
            删除
          </Button>
        )}
        {user && !post.mine && !post.hidden && <ReportButton targetKind="post" targetId={post.id} />}
      </footer>
    </article>
  );
}
