import {
  AlertOutlined,
  ApartmentOutlined,
  ExperimentOutlined,
  FireOutlined,
  HeartOutlined,
  LockOutlined,
  MedicineBoxOutlined,
  SmileOutlined,
  TeamOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { LOCK_ICON, LOCKED_ITEM_TOAST, PRODUCT_STATUS, type SideBarData, type SideBarItem } from '@jiyin/contracts/reportApi';
import { App, Menu, type MenuProps, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { themeBackground } from '../../lib/reportLevels.ts';
import { ReportLink } from './ReportLink.tsx';

/** Icons by the entry's icon name (the server's), else by its enName. */
const ICONS: Record<string, React.ReactNode> = {
  ancestry: <ApartmentOutlined />,
  parentage: <ApartmentOutlined />,
  disease: <HeartOutlined />,
  traits: <SmileOutlined />,
  trait: <SmileOutlined />,
  'carrier-status': <TeamOutlined />,
  inherit: <TeamOutlined />,
  drug: <MedicineBoxOutlined />,
  nutrition: <FireOutlined />,
  fitness: <ThunderboltOutlined />,
  tumor: <AlertOutlined />,
};

function ItemIcon({ item }: { item: SideBarItem }) {
  const src = item.webSceneClassifyIcon || item.icon;
  if (src && /^(https?:)?\/\//.test(src)) return <img className="report-sidebar__img" src={src} alt="" width={22} height={22} />;
  return (
    <span className="report-sidebar__icon" style={{ background: themeBackground(item.colours) }}>
      {ICONS[item.icon] ?? ICONS[item.enName] ?? <ExperimentOutlined />}
    </span>
  );
}

function ItemLabel({ item }: { item: SideBarItem }) {
  const tags = item.tags.filter((t) => t !== LOCK_ICON);
  const locked = item.tags.includes(LOCK_ICON) || item.productStatus === PRODUCT_STATUS.lock;
  return (
    <span className="report-sidebar__label">
      <span className="report-sidebar__name">{item.name}</span>
      {locked && <LockOutlined className="report-sidebar__lock" aria-label="未解锁" />}
      {tags.map((t) => (
        <Tag key={t} color="blue" className="report-sidebar__tag">
          {t}
        </Tag>
      ))}
      <span className="report-sidebar__total">{item.total}项</span>
    </span>
  );
}

/** The sidebar entry whose path the current page is on (its own page or one of its item pages). */
function matches(item: SideBarItem, pathname: string): boolean {
  return pathname === item.path || pathname.startsWith(`${item.path}/`);
}

function toMenuItems(list: SideBarItem[]): NonNullable<MenuProps['items']> {
  return list.map((item) => {
    const locked = item.productStatus === PRODUCT_STATUS.lock;
    const label = locked ? (
      <ItemLabel key="label" item={item} />
    ) : (
      <ReportLink key="label" to={item.path} className="report-sidebar__link">
        <ItemLabel item={item} />
      </ReportLink>
    );
    if (item.children?.length) {
      return {
        key: `group:${item.path}`,
        icon: <ItemIcon item={item} />,
        label: <ItemLabel item={item} />,
        children: [
          { key: item.path, label: locked ? `全部${item.name}` : <ReportLink to={item.path}>{`全部${item.name}`}</ReportLink> },
          ...toMenuItems(item.children),
        ],
      };
    }
    return { key: item.path, icon: <ItemIcon item={item} />, label, title: item.description };
  });
}

function flatten(list: SideBarItem[]): SideBarItem[] {
  return list.flatMap((i) => [i, ...flatten(i.children ?? [])]);
}

/** Submenus holding the current page, so the current submenu opens by itself (§2.6). */
function openKeysFor(groups: SideBarItem[][], pathname: string): string[] {
  const keys: string[] = [];
  const walk = (list: SideBarItem[]) => {
    for (const item of list) {
      if (item.children?.length && flatten([item]).some((c) => matches(c, pathname))) keys.push(`group:${item.path}`);
      walk(item.children ?? []);
    }
  };
  for (const g of groups) walk(g);
  return keys;
}

/**
 * The report sidebar of §2.6/§7.4: group 0 the report categories, group 1 the drug categories; each
 * entry with icon, name, 'N项', tags (a lock for LOCK_ICON) and child submenus.
 */
export function ReportSidebar({ sideBar, onNavigate }: { sideBar: SideBarData | null; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { message } = App.useApp();
  const groups = (sideBar ?? []).map((g) => g.data.list);
  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(groups, pathname));
  // A navigation into another submenu opens it too, without closing what the reader opened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: recompute on navigation only
  useEffect(() => {
    setOpenKeys((open) => [...new Set([...open, ...openKeysFor(groups, pathname)])]);
  }, [pathname]);
  if (!groups.length) return null;

  const all = groups.flatMap(flatten);
  const selected = all.filter((i) => matches(i, pathname)).sort((a, b) => b.path.length - a.path.length)[0];
  const headings = ['我的报告', '药物分类'];
  // The drug classes (group 1) already show as the drug entry's submenu when the server nests them.
  const nested = new Set(flatten(groups[0] ?? []).map((i) => i.path));
  const items: MenuProps['items'] = groups
    .map((list, i) => ({ heading: headings[i] ?? '', list: i > 0 ? list.filter((item) => !nested.has(item.path)) : list }))
    .filter((g) => g.list.length)
    .map((g) => ({ type: 'group' as const, key: g.heading, label: g.heading, children: toMenuItems(g.list) }));

  return (
    <nav className="report-sidebar" aria-label="报告目录" data-testid="report-sidebar">
      <Menu
        mode="inline"
        items={items}
        selectedKeys={selected ? [selected.path] : []}
        openKeys={openKeys}
        onOpenChange={setOpenKeys}
        onClick={({ key }) => {
          const item = all.find((i) => i.path === key);
          if (item?.productStatus === PRODUCT_STATUS.lock) {
            message.error(LOCKED_ITEM_TOAST);
            return;
          }
          onNavigate?.();
        }}
      />
    </nav>
  );
}
