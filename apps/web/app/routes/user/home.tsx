import { RightOutlined } from '@ant-design/icons';
import { AppLink } from '../../components/AppLink.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { AddressBook } from '../../components/user/AddressBook.tsx';
import { pageTitle } from '../../lib/brand.ts';
import { useRootData } from '../../lib/rootData.ts';

export const meta = () => [{ title: pageTitle('个人中心') }];

const ENTRIES = [
  { to: '/user/persons', title: '检测人管理', text: '添加检测人、绑定采样管条码、隐私设置' },
  { to: '/user/info', title: '账户信息', text: '名字与头像' },
  { to: '/user/orders', title: '我的订单', text: '订单、物流与发票' },
  { to: '/user/coupon', title: '优惠券', text: '优惠券与兑换码' },
  { to: '/user/settings', title: '账户设置', text: '修改密码、登录记录' },
  { to: '/import', title: '导入数据', text: '导入其他平台的原始数据' },
];

/** §2.3 /user: who is signed in and where everything of theirs is. */
export default function UserHome() {
  const { user } = useRootData();
  if (!user) return null;
  return (
    <div className="user-panel">
      <div className="user-card">
        <UserAvatar user={user} size={64} />
        <div>
          <h2>{user.userName || '未设置名字'}</h2>
          <p className="muted">{user.phoneNumber}</p>
        </div>
      </div>
      <div className="user-entries">
        {ENTRIES.map((e) => (
          <AppLink key={e.to} to={e.to} className="user-entry">
            <span>
              <strong>{e.title}</strong>
              <small className="muted">{e.text}</small>
            </span>
            <RightOutlined />
          </AppLink>
        ))}
      </div>
      <AddressBook />
    </div>
  );
}
