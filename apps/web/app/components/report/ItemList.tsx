import { LockOutlined, RightOutlined } from '@ant-design/icons';
import { LOCKED_ITEM_TOAST, PRODUCT_STATUS, type ReportApiCategory, type ReportItemSummary } from '@jiyin/contracts/reportApi';
import { App, Tag } from 'antd';
import { itemPath, NO_RESULT, themeBackground, toneColour } from '../../lib/reportLevels.ts';
import { ReportLink } from './ReportLink.tsx';

function ItemBody({ item }: { item: ReportItemSummary }) {
  const locked = item.productStatus === PRODUCT_STATUS.lock;
  return (
    <>
      <span className="report-item__band" style={{ background: themeBackground(item.theme) }} aria-hidden="true" />
      <span className="report-item__text">
        <strong className="report-item__title" data-testid="report-item-title">
          {item.title}
        </strong>
        {/* The detail line names what was read; the verdict is said once, by the badge. */}
        <span className="report-item__result muted">
          {locked ? '升级后可查看' : item.status === 'unDetected' ? '芯片未读到关键位点' : item.detail}
        </span>
      </span>
      <span className="report-item__tail">
        {locked ? (
          <Tag icon={<LockOutlined />}>未解锁</Tag>
        ) : item.status === 'unDetected' ? (
          <Tag>{NO_RESULT}</Tag>
        ) : (
          item.levelLabel && (
            <Tag color={toneColour(item.tone)} data-testid="report-item-badge">
              {item.levelLabel}
            </Tag>
          )
        )}
        <RightOutlined className="muted" />
      </span>
    </>
  );
}

/**
 * Report items of a category (§2.2): each with its theme, name, detail line and one verdict badge;
 * items the chip did not read say 无结果; a locked item (productStatus lock) does not open and asks to unlock in the app (§5).
 */
export function ItemList({ category, items }: { category: ReportApiCategory; items: ReportItemSummary[] }) {
  const { message } = App.useApp();
  return (
    <ul className="report-items" data-testid="report-items">
      {items.map((item) => (
        <li key={item.id}>
          {item.productStatus === PRODUCT_STATUS.lock ? (
            <button
              type="button"
              className="report-item report-item--locked"
              data-testid="report-item"
              onClick={() => message.error(LOCKED_ITEM_TOAST)}
            >
              <ItemBody item={item} />
            </button>
          ) : (
            <ReportLink
              to={itemPath(category, item.id)}
              className={item.status === 'unDetected' ? 'report-item report-item--undetected' : 'report-item'}
              data-testid="report-item"
            >
              <ItemBody item={item} />
            </ReportLink>
          )}
        </li>
      ))}
    </ul>
  );
}
