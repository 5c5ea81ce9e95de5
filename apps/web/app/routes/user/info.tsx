import { normaliseName } from '@jiyin/contracts/accounts';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { AvatarSwatches } from '../../components/auth/AvatarSwatches.tsx';
import { AvatarUpload } from '../../components/auth/AvatarUpload.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import type { UserInfo } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { useRootData } from '../../lib/rootData.ts';

export const meta = () => [{ title: pageTitle('账户信息') }];

/** §2.3 /user/info: the account's name and avatar. */
export default function UserInfoPage() {
  const { user } = useRootData();
  const api = useBrowserApi();
  const { message } = App.useApp();
  const revalidator = useRevalidator();
  const [name, setName] = useState(user?.userName ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [avatar, setAvatar] = useState<UserInfo['avatarUrl']>(user?.avatarUrl);
  const [saving, setSaving] = useState(false);
  if (!user) return null;

  const save = async () => {
    setSaving(true);
    const res = await api.updateUserInfo({ name, avatar });
    setSaving(false);
    if (res.code !== 0) {
      setNameError(res.msg);
      return;
    }
    message.success('更新成功');
    revalidator.revalidate();
  };

  return (
    <div className="user-panel">
      <h2>账户信息</h2>
      <Form layout="vertical" onFinish={save} className="narrow-form">
        <Form.Item label="头像">
          <div className="avatar-step">
            <UserAvatar user={{ ...user, userName: name, avatarUrl: avatar }} size={72} />
            <AvatarSwatches value={avatar} onChange={setAvatar} />
            <AvatarUpload
              onUploaded={async (uploaded) => {
                setAvatar(uploaded);
                const res = await api.updateUserInfo({ avatar: uploaded });
                if (res.code !== 0) return message.error(res.msg);
                message.success('更新成功');
                revalidator.revalidate();
              }}
            />
          </div>
        </Form.Item>
        <Form.Item label="名字" validateStatus={nameError ? 'error' : undefined} help={nameError ?? undefined}>
          <Input
            value={name}
            aria-label="名字"
            onChange={(e) => setName(normaliseName(e.target.value))}
            onFocus={() => setNameError(null)}
          />
        </Form.Item>
        <Form.Item label="手机号">
          <Input value={user.phoneNumber} disabled />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} disabled={!name.trim()}>
          保存
        </Button>
      </Form>
    </div>
  );
}
