import { PAGE_LOAD_BAR_MS } from '@jiyin/contracts/constants';
import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import { useLoadFailedAt } from '../lib/loadState.ts';

type Phase = 'idle' | 'loading' | 'done' | 'failed';

/** The page-load bar of §2.6: blue, creeps over 5000 ms while a page loads, red when it failed. */
export function PageLoadBar() {
  const navigation = useNavigation();
  const failedAt = useLoadFailedAt();
  const [phase, setPhase] = useState<Phase>('idle');
  const startedAt = useRef(0);

  useEffect(() => {
    if (navigation.state !== 'idle') {
      startedAt.current = Date.now();
      setPhase('loading');
    } else {
      setPhase((p) => (p === 'loading' ? 'done' : p));
    }
  }, [navigation.state]);

  useEffect(() => {
    if (failedAt && failedAt >= startedAt.current) setPhase('failed');
  }, [failedAt]);

  useEffect(() => {
    if (phase !== 'done' && phase !== 'failed') return;
    const t = setTimeout(() => setPhase('idle'), phase === 'failed' ? 1200 : 400);
    return () => clearTimeout(t);
  }, [phase]);

  if (phase === 'idle') return null;
  return (
    <div
      className={`load-bar load-bar--${phase}`}
      style={{ '--load-bar-ms': `${PAGE_LOAD_BAR_MS}ms` } as React.CSSProperties}
      role="progressbar"
      aria-label="页面加载中"
      data-testid="load-bar"
    />
  );
}
