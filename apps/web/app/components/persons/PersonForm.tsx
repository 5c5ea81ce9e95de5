import type { PersonView } from '@jiyin/contracts/accounts';
import { isOk } from '@jiyin/contracts/envelope';
import { Checkbox, Form, Input, InputNumber, Modal, Radio, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import type { PersonInputBody, RegionNode } from '../../lib/api/accounts.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { codesOfPlace, placeOfCodes, RegionCascader } from '../RegionCascader.tsx';

interface Values {
  name: string;
  gender: 'male' | 'female';
  calendar: 'solar' | 'lunar';
  year?: number;
  month?: number;
  leap?: boolean;
  day?: number;
  birthplace?: string[];
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

function toBody(v: Values, regions: RegionNode[]): PersonInputBody {
  const lunar = v.calendar === 'lunar';
  const birthday =
    v.year && v.month && v.day
      ? { year: v.year, month: lunar && v.leap ? -v.month : v.month, day: v.day, chooseLunarCalendar: lunar }
      : null;
  const birthplace = placeOfCodes(v.birthplace, regions);
  return { name: v.name, gender: v.gender, birthday, birthplace };
}

function toValues(p: PersonView | null): Partial<Values> {
  if (!p) return { calendar: 'solar' };
  const b = p.birthday;
  return {
    name: p.name,
    gender: p.gender,
    calendar: b?.chooseLunarCalendar ? 'lunar' : 'solar',
    year: b?.year,
    month: b ? Math.abs(b.month) : undefined,
    leap: b ? b.month < 0 : false,
    day: b?.day,
    birthplace: codesOfPlace(p.birthplace),
  };
}

/**
 * Add or edit a tested person (§3 Gene data upload fields): name, gender, birthday in the solar or
 * lunar calendar (leap months too; the server checks the date against the calendar), birthplace.
 */
export function PersonForm({
  open,
  person,
  onClose,
  onSaved,
}: {
  open: boolean;
  person: PersonView | null;
  onClose: () => void;
  onSaved: (p: PersonView) => void;
}) {
  const [form] = Form.useForm<Values>();
  const api = useBrowserApi();
  const hydrated = useHydrated();
  const [regions, setRegions] = useState<RegionNode[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const calendar = Form.useWatch('calendar', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(toValues(person));
    setError(null);
  }, [open, person, form]);

  useEffect(() => {
    if (open && !regions.length) void api.regions().then((r) => isOk(r) && setRegions(r.data.list));
  }, [open, regions.length, api]);

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    const body = toBody(v, regions);
    const res = person ? await api.updatePerson(person.id, body) : await api.createPerson(body);
    setSaving(false);
    if (res.code !== 0) return setError(res.msg);
    onSaved(res.data as PersonView);
  };

  // Only after hydration: forceRender portals exist in the browser alone.
  if (!hydrated) return null;
  return (
    <Modal
      open={open}
      title={person ? '编辑检测人' : '添加检测人'}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      forceRender
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item label="姓名" name="name" rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}>
          <Input maxLength={16} placeholder="检测人姓名" />
        </Form.Item>
        <Form.Item label="性别" name="gender" rules={[{ required: true, message: '请选择性别' }]}>
          <Radio.Group
            options={[
              { value: 'male', label: '男' },
              { value: 'female', label: '女' },
            ]}
          />
        </Form.Item>
        <Form.Item label="出生日期">
          <Form.Item name="calendar" noStyle>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'solar', label: '公历' },
                { value: 'lunar', label: '农历' },
              ]}
            />
          </Form.Item>
          <Space wrap className="birthday-fields">
            <Form.Item name="year" noStyle>
              <InputNumber min={1900} max={2100} placeholder="年" aria-label="出生年份" style={{ width: 100 }} />
            </Form.Item>
            <Form.Item name="month" noStyle>
              <Select
                placeholder="月"
                aria-label="出生月份"
                style={{ width: 90 }}
                virtual={false}
                options={range(12).map((m) => ({ value: m, label: `${m}月` }))}
              />
            </Form.Item>
            {calendar === 'lunar' && (
              <Form.Item name="leap" valuePropName="checked" noStyle>
                <Checkbox>闰月</Checkbox>
              </Form.Item>
            )}
            <Form.Item name="day" noStyle>
              <Select
                placeholder="日"
                aria-label="出生日"
                style={{ width: 90 }}
                virtual={false}
                options={range(calendar === 'lunar' ? 30 : 31).map((d) => ({ value: d, label: `${d}日` }))}
              />
            </Form.Item>
          </Space>
        </Form.Item>
        <Form.Item label="出生地" name="birthplace">
          <RegionCascader options={regions} aria-label="出生地" changeOnSelect />
        </Form.Item>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </Form>
    </Modal>
  );
}
