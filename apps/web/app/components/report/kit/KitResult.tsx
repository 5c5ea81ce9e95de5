import { LAB_FLAG_LABELS, LAB_TEST_LABELS, type LabFlag, type LabResultView, type LabTestType } from '@jiyin/contracts/kitServices';
import { signinPath } from '@jiyin/contracts/guards';
import { Descriptions, Empty, Table, Tag } from 'antd';
import { useLocation } from 'react-router';
import { SHOP_TAG, TEST_NOTES } from '../../../lib/kitTests/info.ts';
import { LinkButton } from '../../LinkButton.tsx';

const FLAG_COLOURS: Record<LabFlag, string> = { negative: 'green', normal: 'green', positive: 'red', low: 'orange', high: 'orange' };

/** Kits the shop sells today; the others are ordered through customer service. */
const SOLD: readonly LabTestType[] = ['HPV', 'HP'];

/** No result yet: why, and the next step (sign in, or buy the test). */
export function KitEmpty({ type, loggedIn }: { type: LabTestType; loggedIn: boolean }) {
  const { pathname, search } = useLocation();
  return (
    <section className="report-section" data-testid="kit-empty">
      <Empty
        description={
          loggedIn
            ? `暂无${LAB_TEST_LABELS[type]}结果。采样盒寄回实验室、检测完成后，结果会显示在这里。`
            : `登录后查看你的${LAB_TEST_LABELS[type]}结果。`
        }
      >
        {loggedIn ? (
          SOLD.includes(type) && (
            <LinkButton to={`/shop/ngs?commodityTag=${SHOP_TAG[type]}`} type="primary">
              购买检测
            </LinkButton>
          )
        ) : (
          <LinkButton to={signinPath(`${pathname}${search}`)} type="primary">
            登录
          </LinkButton>
        )}
      </Empty>
    </section>
  );
}

/** One lab result: the lab's items with its own ranges and flags, its conclusion, and cited notes on the test. */
export function KitResult({ result }: { result: LabResultView }) {
  const notes = result.testType === 'NGS' ? [] : TEST_NOTES[result.testType];
  return (
    <>
      <section className="report-section" data-testid="kit-result">
        <h2>{result.testLabel}</h2>
        <Descriptions column={{ xs: 1, sm: 2 }} size="small">
          <Descriptions.Item label="检测人">{result.personName}</Descriptions.Item>
          <Descriptions.Item label="条码">{result.barcode}</Descriptions.Item>
          <Descriptions.Item label="检测机构">{result.labName}</Descriptions.Item>
          {result.sampledAt && <Descriptions.Item label="采样日期">{result.sampledAt}</Descriptions.Item>}
          <Descriptions.Item label="报告日期">{result.reportedAt}</Descriptions.Item>
        </Descriptions>
        <div className="kit-conclusion" data-testid="kit-conclusion">
          <strong>检测结论</strong>
          <p>{result.conclusion}</p>
        </div>
        <Table
          size="small"
          rowKey="name"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={result.items}
          columns={[
            { title: '检测项目', dataIndex: 'name' },
            // The flag sits with the value so a phone shows both without scrolling sideways.
            {
              title: '结果',
              dataIndex: 'value',
              render: (v: string, i) => (
                <span className="kit-value">
                  {v}
                  {i.unit ? ` ${i.unit}` : ''} <Tag color={FLAG_COLOURS[i.flag]}>{LAB_FLAG_LABELS[i.flag]}</Tag>
                </span>
              ),
            },
            { title: '参考范围（检测机构提供）', dataIndex: 'refRange', render: (r: string) => r || '—' },
          ]}
        />
        <p className="muted kit-disclaimer">
          结果、参考范围和判定均来自检测机构出具的报告，仅供参考，不能代替医生的诊断；如有疑问请咨询医生。
        </p>
      </section>
      {notes.length > 0 && (
        <section className="report-section" data-testid="kit-notes">
          <h2>关于本检测</h2>
          <ul className="kit-notes">
            {notes.map((n) => (
              <li key={n.text}>
                {n.text}
                <span className="muted">
                  {' '}
                  来源：
                  <a href={n.source.url} target="_blank" rel="noreferrer">
                    {n.source.name}
                  </a>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
