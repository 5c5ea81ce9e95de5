import { isOk } from '@jiyin/contracts/envelope';
import type { LeadView } from '@jiyin/contracts/libraryApi';
import { App, Button, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { AppLink } from '../../components/AppLink.tsx';
import { FamilyCards, FamilyFilterBar, familyQueryOf } from '../../components/library/FamilyParts.tsx';
import { familyPerson } from '../../components/library/familyPerson.ts';
import { ReportFamilyNav } from '../../components/library/ReportFamilyParts.tsx';
import { Section } from '../../components/library/SurnameParts.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { pageTitle } from '../../lib/brand.ts';
import { unwrap } from '../../lib/loaders.ts';
import type { Route } from './+types/report-all-list';

export const meta = () => [{ title: pageTitle('全部家族') }];

/**
 * §2.2 /report/ancestry/all-list: families the current person might belong to, by the surname of their
 * §3 Lead info (their name's surname until they give one), with the §3 Family filter and 20 a page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = apiClient(context.api);
  const { person } = await familyPerson(request, context);
  const leadRes = person ? await api.leads(person.barcode) : null;
  const lead = leadRes && isOk(leadRes) ? leadRes.data : null;
  const query = familyQueryOf(url, url.searchParams.has('keyword') ? {} : { keyword: lead?.surname || undefined });
  return { person, lead, keyword: query.keyword ?? null, data: unwrap(await api.families(query)) };
}

function LeadForm({ lead }: { lead: LeadView }) {
  const api = useBrowserApi();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const save = async (v: { surname: string; residence?: string; birthPlace?: string }) => {
    const res = await api.saveLeads({
      barcode: lead.barcode,
      surname: v.surname,
      residence: v.residence ?? '',
      birthPlace: v.birthPlace ?? '',
    });
    if (!isOk(res)) return message.error(res.msg);
    message.success('线索已保存');
    navigate('/report/ancestry/all-list');
  };
  return (
    <Section title="我的寻根线索" testId="lead-form">
      <Form layout="inline" initialValues={lead} onFinish={save} className="family-filter">
        <Form.Item name="surname" rules={[{ required: true, message: '请填写姓氏' }]}>
          <Input placeholder="姓氏" aria-label="线索姓氏" maxLength={2} style={{ width: 80 }} />
        </Form.Item>
        <Form.Item name="residence">
          <Input placeholder="居住地" aria-label="居住地" maxLength={60} />
        </Form.Item>
        <Form.Item name="birthPlace">
          <Input placeholder="祖籍或出生地" aria-label="出生地" maxLength={60} />
        </Form.Item>
        <Button htmlType="submit">保存线索</Button>
      </Form>
      {lead.birthPlace && (
        <p className="muted">
          按出生地查找：<AppLink to={`/report/ancestry/all-list?keyword=${encodeURIComponent(lead.birthPlace)}`}>{lead.birthPlace}</AppLink>
        </p>
      )}
    </Section>
  );
}

export default function AllList({ loaderData }: Route.ComponentProps) {
  const { person, lead, keyword, data } = loaderData;
  return (
    <div className="library-page" data-testid="all-list">
      <ReportFamilyNav />
      <h1>全部家族</h1>
      {person && lead && <LeadForm lead={lead} />}
      {keyword && (
        <p className="muted">
          按“{keyword}”列出家族；也可浏览<AppLink to="/ancestry/library-family">整个家族库</AppLink>。
        </p>
      )}
      <FamilyFilterBar />
      <FamilyCards data={data} report />
    </div>
  );
}
