import { Avatar } from 'antd';
import type { UserInfo } from '../lib/api/index.ts';

/** §3: an uploaded picture, or the default colour-gradient avatar with the name's first character. */
export function UserAvatar({ user, size = 32 }: { user: UserInfo; size?: number }) {
  const a = user.avatarUrl;
  if (a?.type === 'img' && a.url) return <Avatar size={size} src={a.url} alt={user.userName} />;
  const background = `linear-gradient(135deg, ${a?.startColor ?? '#5b8cff'}, ${a?.endColor ?? '#36cfc9'})`;
  return (
    <Avatar size={size} style={{ background }}>
      {user.userName.slice(0, 1)}
    </Avatar>
  );
}
