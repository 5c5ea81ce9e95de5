import { normaliseName } from '@jiyin/contracts/accounts';
import { isOk } from '@jiyin/contracts/envelope';
import { Button, Form, Input, Steps } from 'antd';
import { useState } from 'react';
import type { UserInfo } from '../../lib/api/index.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { UserAvatar } from '../UserAvatar.tsx';
import { GRADIENT_AVATARS } from './avatars.ts';
import { AvatarSwatches } from './AvatarSwatches.tsx';

export type Profile = { name: string; avatar: NonNullable<UserInfo['avatarUrl']> };

/**
 * The two profile steps of §2.6/§4: set the name (normalised while typing; the server's first error
 * shown under the input and cleared on focus), then pick an avatar, then submit.
 */
export function ProfileSteps({ submitLabel, onSubmit }: { submitLabel: string; onSubmit: (p: Profile) => Promise<void> }) {
  const api = useBrowserApi();
  const [step, setStep] = useState(0);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [avatar, setAvatar] = useState<Profile['avatar']>({ type: 'color', ...GRADIENT_AVATARS[0] });
  const [submitting, setSubmitting] = useState(false);

  const next = async () => {
    setChecking(true);
    const res = await api.checkUserName(name);
    setChecking(false);
    if (!isOk(res)) return setNameError(res.msg);
    if (!res.data.succeeded) return setNameError(res.data.errors[0] ?? '名字不符合要求');
    setStep(1);
  };

  const submit = async () => {
    setSubmitting(true);
    await onSubmit({ name, avatar });
    setSubmitting(false);
  };

  return (
    <div className="profile-steps" data-testid="profile-steps">
      <Steps size="small" current={step} items={[{ title: '设置名字' }, { title: '设置头像' }]} />
      {step === 0 ? (
        <Form layout="vertical" onFinish={next}>
          <Form.Item label="你的名字" validateStatus={nameError ? 'error' : undefined} help={nameError ?? '最多 16 个字，可以是昵称'}>
            <Input
              value={name}
              maxLength={40}
              placeholder="请输入名字"
              aria-label="名字"
              onChange={(e) => setName(normaliseName(e.target.value))}
              onFocus={() => setNameError(null)}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" disabled={!name.trim()} loading={checking}>
            下一步
          </Button>
        </Form>
      ) : (
        <div className="avatar-step">
          <UserAvatar user={{ userId: '', userName: name, avatarUrl: avatar }} size={88} />
          <p className="muted">选择一个你喜欢的头像颜色，之后可以在账户信息里上传照片。</p>
          <AvatarSwatches value={avatar} onChange={setAvatar} />
          <div className="avatar-step__actions">
            <Button onClick={() => setStep(0)}>上一步</Button>
            <Button type="primary" onClick={submit} loading={submitting}>
              {submitLabel}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
