import { useEffect } from 'react';
import { reportLoadFailure } from '../lib/loadState.ts';
import { useOptionalRootData } from '../lib/rootData.ts';
import { LinkButton } from './LinkButton.tsx';

export const NOT_FOUND_TITLE = 'This page could not be found';

/** The default 404 view (§2.6, §8); the back-home button is hidden in the native app. */
export function NotFoundView() {
  const isApp = useOptionalRootData()?.device.isApp ?? false;
  useEffect(() => reportLoadFailure(), []);
  return (
    <div className="not-found" data-testid="not-found">
      <title>{NOT_FOUND_TITLE}</title>
      <svg className="not-found__art" viewBox="0 0 120 120" aria-hidden="true">
        <path
          d="M40 10c0 30 40 40 40 70s-40 30-40 30M80 10c0 30-40 40-40 70"
          stroke="#1677ff"
          strokeWidth="6"
          fill="none"
          strokeLinecap="round"
        />
        <path d="M46 28h28M44 52h32M44 88h24" stroke="#91caff" strokeWidth="5" strokeLinecap="round" />
        <circle cx="92" cy="98" r="14" fill="#fff" stroke="#ff4d4f" strokeWidth="5" />
        <path d="M86 92l12 12M98 92l-12 12" stroke="#ff4d4f" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <h1>抱歉，好像找不到基因了</h1>
      <p>可能的原因：</p>
      <ul>
        <li>页面不存在或已被删除</li>
        <li>网址输入有误</li>
      </ul>
      {!isApp && (
        <LinkButton to="/" type="primary" size="large">
          返回首页
        </LinkButton>
      )}
    </div>
  );
}
