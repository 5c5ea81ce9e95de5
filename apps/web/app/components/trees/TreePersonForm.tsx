import type { ReignView, TreePersonInput, TreePersonView } from '@jiyin/contracts/treesApi';
import { Checkbox, Form, Input, Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';
import type { RegionNode } from '../../lib/api/accounts.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { type DateValue, DateFields, fromDateValue, toDateValue } from './DateFields.tsx';
import { codesOfPlace, placeOfCodes, RegionCascader } from '../RegionCascader.tsx';

interface Values {
  surname: string;
  givenName?: string;
  courtesyName?: string;
  artName?: string;
  sex: 'male' | 'female' | 'unknown';
  living?: boolean;
  birth?: DateValue;
  death?: DateValue;
  birthPlace?: string[];
  notes?: string;
}

/**
 * Add or edit a tree person: 姓, 名, 字, 号, sex, living, birth and death dates (公历, 农历 with leap
 * months, or 年号), birthplace through the region picker, notes. The server checks the dates against
 * the calendars and answers the warnings of the tree.
 */
export function TreePersonForm({
  open,
  title,
  person,
  reigns,
  regions,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  person: TreePersonView | null;
  reigns: ReignView[];
  regions: RegionNode[];
  onClose: () => void;
  /** Answers an error message to show, or null when saved. */
  onSubmit: (input: TreePersonInput) => Promise<string | null>;
}) {
  const [form] = Form.useForm<Values>();
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const living = Form.useWatch('living', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setError(null);
    if (!person) return form.setFieldsValue({ sex: 'male', birth: { calendar: 'solar' }, death: { calendar: 'solar' } });
    const b = person.birthPlace;
    form.setFieldsValue({
      surname: person.surname,
      givenName: person.givenName,
      courtesyName: person.courtesyName,
      artName: person.artName,
      sex: person.sex,
      living: person.living,
      birth: toDateValue(person.birth),
      death: toDateValue(person.death),
      birthPlace: codesOfPlace(b),
      notes: person.notes,
    });
  }, [open, person, form]);

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    const message = await onSubmit({
      surname: v.surname,
      givenName: v.givenName ?? '',
      courtesyName: v.courtesyName ?? '',
      artName: v.artName ?? '',
      sex: v.sex,
      living: Boolean(v.living),
      birth: fromDateValue(v.birth),
      death: v.living ? null : fromDateValue(v.death),
      birthPlace: placeOfCodes(v.birthPlace, regions),
      notes: v.notes ?? '',
    });
    setSaving(false);
    setError(message);
  };

  if (!hydrated) return null;
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      forceRender
      width={560}
    >
      <Form form={form} layout="vertical" requiredMark={false} className="tree-person-form">
        <div className="tree-person-form__names">
          <Form.Item label="姓" name="surname" rules={[{ required: true, whitespace: true, message: '请输入姓' }]}>
            <Input maxLength={8} placeholder="如：王" />
          </Form.Item>
          <Form.Item label="名" name="givenName">
            <Input maxLength={16} placeholder="如：德福" />
          </Form.Item>
          <Form.Item label="字" name="courtesyName">
            <Input maxLength={16} placeholder="选填" />
          </Form.Item>
          <Form.Item label="号" name="artName">
            <Input maxLength={16} placeholder="选填" />
          </Form.Item>
        </div>
        <Form.Item label="性别" name="sex">
          <Radio.Group
            options={[
              { value: 'male', label: '男' },
              { value: 'female', label: '女' },
              { value: 'unknown', label: '不详' },
            ]}
          />
        </Form.Item>
        <Form.Item name="living" valuePropName="checked">
          <Checkbox>在世（分享给只读亲友时只显示“在世”，不显示详细信息）</Checkbox>
        </Form.Item>
        <Form.Item label="出生日期" name="birth">
          <DateFields reigns={reigns} label="出生" />
        </Form.Item>
        {!living && (
          <Form.Item label="去世日期" name="death">
            <DateFields reigns={reigns} label="去世" />
          </Form.Item>
        )}
        <Form.Item label="出生地" name="birthPlace">
          <RegionCascader options={regions} aria-label="出生地" changeOnSelect />
        </Form.Item>
        <Form.Item label="备注" name="notes">
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 5 }} placeholder="迁徙、职业、墓地等" />
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
