import { AimOutlined, ExpandOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

/** Zoom step of the + and − buttons. */
const STEP = 1.3;

interface Props {
  className: string;
  zoomBy: (factor: number) => void;
  fit: () => void;
  /** What "show all" and "back to the selection" mean on this tree (tooltip and accessible name). */
  fitTitle: string;
  fitLabel: string;
  centre: () => void;
  centreLabel: string;
  children?: ReactNode;
}

/** The zoom buttons of a pannable tree (the Y-tree and family trees): in, out, show all, back to the selection. */
export function ZoomTools({ className, zoomBy, fit, fitTitle, fitLabel, centre, centreLabel, children }: Props) {
  return (
    <div className={className}>
      <Tooltip title="放大">
        <Button icon={<PlusOutlined />} onClick={() => zoomBy(STEP)} aria-label="放大" />
      </Tooltip>
      <Tooltip title="缩小">
        <Button icon={<MinusOutlined />} onClick={() => zoomBy(1 / STEP)} aria-label="缩小" />
      </Tooltip>
      <Tooltip title={fitTitle}>
        <Button icon={<ExpandOutlined />} onClick={fit} aria-label={fitLabel} />
      </Tooltip>
      <Tooltip title={centreLabel}>
        <Button icon={<AimOutlined />} onClick={centre} aria-label={centreLabel} />
      </Tooltip>
      {children}
    </div>
  );
}
