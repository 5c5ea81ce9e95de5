import { CheckOutlined, SwapOutlined } from '@ant-design/icons';
import { COOKIES } from '@jiyin/contracts/constants';
import { Button, Dropdown, Tag } from 'antd';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import type { SwitcherEntry } from '../../lib/reportContext.ts';

/** §9: the chosen barcode is kept 7 days. */
export function saveBarcodeCookie(barcode: string) {
  const { name, maxAgeMs } = COOKIES.barcode;
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie the server-side loaders read back
  document.cookie = `${name}=${encodeURIComponent(barcode)}; max-age=${Math.floor(maxAgeMs / 1000)}; path=/; samesite=lax`;
}

/** Switching person: keep the choice, drop a query barcode (it would win over the cookie), reload the data. */
export function useSwitchPerson(): (barcode: string) => void {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  return (barcode: string) => {
    saveBarcodeCookie(barcode);
    const params = new URLSearchParams(search);
    if (params.has('barcode')) {
      params.delete('barcode');
      const rest = params.toString();
      navigate(`${pathname}${rest ? `?${rest}` : ''}`, { replace: true });
    } else {
      void revalidator.revalidate();
    }
  };
}

function EntryLabel({ entry, current }: { entry: SwitcherEntry; current: boolean }) {
  return (
    <span className="person-switcher__entry">
      <span>
        <strong>{entry.name}</strong>
        <small className="muted">
          {entry.productName} · {entry.barcode}
        </small>
      </span>
      {entry.shared && <Tag color="blue">他人分享</Tag>}
      {!entry.hasReport && <Tag>报告生成中</Tag>}
      {current && <CheckOutlined className="person-switcher__check" />}
    </span>
  );
}

/** The detection-person switcher (切换检测人, §2.6): own and shared persons' detections. */
export function PersonSwitcher({
  entries,
  current,
  children,
}: {
  entries: SwitcherEntry[];
  current: string | null;
  children?: React.ReactNode;
}) {
  const switchTo = useSwitchPerson();
  if (!entries.length) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: current ? [current] : [],
        items: entries.map((e) => ({ key: e.barcode, label: <EntryLabel entry={e} current={e.barcode === current} /> })),
        onClick: ({ key }) => {
          if (key !== current) switchTo(key);
        },
      }}
    >
      {children ?? (
        <Button type="text" icon={<SwapOutlined />} data-testid="person-switcher">
          切换检测人
        </Button>
      )}
    </Dropdown>
  );
}
