import { communityModuleName, type CommunityAuthor, type PostView } from '@jiyin/contracts/community';
import { isOk } from '@jiyin/contracts/envelope';
import { CommentOutlined, DeleteOutlined, LikeFilled, LikeOutlined } from '@ant-design/icons';
import { Alert, App, Button, Image, Tag } from 'antd';
import { useState } from 'react';
import type { UserInfo } from '../../lib/api/index.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { formatBeijingTime } from '../../lib/dates.ts';
import { useRootData } from '../../lib/rootData.ts';
import { UserAvatar } from '../UserAvatar.tsx';

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
  const text = <p className="post-card__text">{post.content}</p>;
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
      {linked ? (
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
        {post.mine && (
          <Button type="text" danger icon={<DeleteOutlined />} onClick={askDelete} data-testid="post-delete">
            删除
          </Button>
        )}
      </footer>
    </article>
  );
}
