import { PlusOutlined } from '@ant-design/icons';
import type { PersonView } from '@jiyin/contracts/accounts';
import { isOk } from '@jiyin/contracts/envelope';
import type { ReignView, ReunionEntryView } from '@jiyin/contracts/treesApi';
import { App, Button, Checkbox, Form, Input, Radio, Select, Upload } from 'antd';
import { useEffect, useState } from 'react';
import type { RegionNode } from '../../lib/api/accounts.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { type DateValue, DateFields, fromDateValue, toDateValue } from '../trees/DateFields.tsx';
import { codesOfPlace, placeOfCodes, RegionCascader } from '../RegionCascader.tsx';

interface Values {
  soughtSurname: string;
  soughtName?: string;
  soughtSex: 'male' | 'female' | 'unknown';
  relation: string;
  lostDate?: DateValue;
  lostPlace?: string[];
  birthPlace?: string[];
  story: string;
  personId?: string;
  contactOpen: boolean;
}

/** 寻亲 registration: who is sought, when and where they were lost, the story, photos, a tested person. */
export function ReunionForm({ entry, onSaved }: { entry: ReunionEntryView | null; onSaved: (e: ReunionEntryView) => void }) {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [regions, setRegions] = useState<RegionNode[]>([]);
  const [reigns, setReigns] = useState<ReignView[]>([]);
  const [tested, setTested] = useState<PersonView[]>([]);
  const [photos, setPhotos] = useState<string[]>(entry?.photos ?? []);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void api.regions().then((r) => isOk(r) && setRegions(r.data.list));
    void api.reigns().then((r) => isOk(r) && setReigns(r.data.list));
    void api.persons().then((r) => isOk(r) && setTested(r.data.list.filter((p) => p.isOwner)));
  }, [api]);

  const initial: Partial<Values> = entry
    ? {
        soughtSurname: entry.soughtSurname,
        soughtName: entry.soughtName,
        soughtSex: entry.soughtSex,
        relation: entry.relation,
        lostDate: toDateValue(entry.lostDate),
        lostPlace: codesOfPlace(entry.lostPlace),
        birthPlace: codesOfPlace(entry.birthPlace),
        story: entry.story,
        personId: entry.personId ?? undefined,
        contactOpen: entry.contactOpen,
      }
    : { soughtSex: 'unknown', contactOpen: true, lostDate: { calendar: 'solar' } };

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    const res = await api.saveReunion(entry?.id ?? null, {
      soughtSurname: v.soughtSurname,
      soughtName: v.soughtName ?? '',
      soughtSex: v.soughtSex,
      relation: v.relation,
      lostDate: fromDateValue(v.lostDate),
      lostPlace: placeOfCodes(v.lostPlace, regions),
      birthPlace: placeOfCodes(v.birthPlace, regions),
      story: v.story,
      photos,
      personId: v.personId ?? null,
      contactOpen: v.contactOpen,
    });
    setSaving(false);
    if (!isOk(res)) return setError(res.msg);
    setError(null);
    message.success('已保存寻亲登记');
    onSaved(res.data);
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} initialValues={initial} className="reunion-form">
      <div className="tree-person-form__names">
        <Form.Item label="寻找对象的姓" name="soughtSurname" rules={[{ required: true, whitespace: true, message: '请输入寻找对象的姓' }]}>
          <Input maxLength={8} placeholder="如：陈" />
        </Form.Item>
        <Form.Item label="名字（如记得）" name="soughtName">
          <Input maxLength={16} placeholder="选填" />
        </Form.Item>
        <Form.Item label="与您的关系" name="relation" rules={[{ required: true, whitespace: true, message: '请填写与您的关系' }]}>
          <Input maxLength={16} placeholder="如：妹妹、生父" />
        </Form.Item>
        <Form.Item label="性别" name="soughtSex">
          <Radio.Group
            options={[
              { value: 'male', label: '男' },
              { value: 'female', label: '女' },
              { value: 'unknown', label: '不详' },
            ]}
          />
        </Form.Item>
      </div>
      <Form.Item label="走失或分离时间" name="lostDate">
        <DateFields reigns={reigns} label="走失" />
      </Form.Item>
      <Form.Item label="走失或分离地点" name="lostPlace">
        <RegionCascader options={regions} aria-label="走失地点" changeOnSelect />
      </Form.Item>
      <Form.Item label="寻找对象的出生地" name="birthPlace">
        <RegionCascader options={regions} aria-label="寻找对象出生地" changeOnSelect />
      </Form.Item>
      <Form.Item label="寻亲故事" name="story" rules={[{ required: true, min: 10, message: '寻亲故事至少 10 个字' }]}>
        <Input.TextArea
          maxLength={3000}
          autoSize={{ minRows: 4, maxRows: 10 }}
          placeholder="当时的情形、体貌特征、记得的地名和人名"
          aria-label="寻亲故事"
        />
      </Form.Item>
      <Form.Item label="照片（最多 9 张，不会展示给其他用户）">
        <div className="reunion-photos">
          {photos.map((p) => (
            <button
              key={p}
              type="button"
              className="link-button"
              onClick={() => setPhotos((l) => l.filter((x) => x !== p))}
              title="点击移除"
            >
              <img src={p} alt="寻亲照片" />
            </button>
          ))}
          {photos.length < 9 && (
            <Upload
              accept="image/png,image/jpeg"
              showUploadList={false}
              customRequest={async ({ file }) => {
                const res = await api.uploadImage(file as File, (file as File).name, 'genealogy');
                if (!isOk(res)) return message.error(res.msg);
                setPhotos((l) => [...l, res.data.uploadUrl]);
              }}
            >
              <Button icon={<PlusOutlined />}>上传照片</Button>
            </Upload>
          )}
        </div>
      </Form.Item>
      <Form.Item label="关联我的检测人（用于基因亲人线索）" name="personId">
        <Select
          allowClear
          placeholder={tested.length ? '选择检测人' : '暂无检测人'}
          aria-label="关联检测人"
          options={tested.map((p) => ({ value: p.id, label: p.name }))}
        />
      </Form.Item>
      <Form.Item name="contactOpen" valuePropName="checked">
        <Checkbox>允许互为基因亲人的寻亲者通过私信联系我</Checkbox>
      </Form.Item>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <Button type="primary" onClick={submit} loading={saving}>
        {entry ? '保存修改' : '提交寻亲登记'}
      </Button>
    </Form>
  );
}
