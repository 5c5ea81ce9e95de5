import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { signinPath } from '@jiyin/contracts/guards';
import { reportLoadFailure } from '../lib/loadState.ts';

/**
 * The custom error view of §2.6/§8: a title (default 获取数据异常), a message, and a button that
 * signs in on 401 and reloads otherwise.
 */
export function ErrorView({ status, title = '获取数据异常', message }: { status?: number; title?: string; message?: string }) {
  const { pathname, search } = useLocation();
  useEffect(() => reportLoadFailure(), []);
  const action =
    status === 401 ? (
      <Button type="primary" href={signinPath(`${pathname}${search}`)}>
        登录
      </Button>
    ) : (
      <Button type="primary" onClick={() => window.location.reload()}>
        重新加载
      </Button>
    );
  return (
    <div className="error-view" data-testid="error-view">
      <title>{title}</title>
      <Result status={status === 401 ? 'warning' : 'error'} title={title} subTitle={message ?? '请稍后重试'} extra={action} />
    </div>
  );
}
