import { CLAN_AGE_BASIS_LABELS, type ClanGroup, type ClanMember } from '@jiyin/contracts/originApi';
import { List, Tag } from 'antd';
import { ReportLink } from '../report/ReportLink.tsx';

const years = (y: number) => `约 ${(y >= 1000 ? Math.round(y / 100) * 100 : y).toLocaleString('zh-CN')} 年前`;

/** When the common paternal ancestor lived, with how it was estimated. */
export function ancestorText(m: Pick<ClanMember, 'years' | 'yearsRange' | 'basis'>): string {
  const when = m.yearsRange ? `约 ${m.yearsRange[0]}-${m.yearsRange[1]} 年前` : years(m.years);
  return `${when}（${CLAN_AGE_BASIS_LABELS[m.basis]}）`;
}

/** Lineages: the shared Y-tree node, when its founder lived, how many clan relatives descend from it. */
export function ClanGroups({ groups }: { groups: ClanGroup[] }) {
  return (
    <List
      data-testid="clan-groups"
      dataSource={groups}
      locale={{ emptyText: '暂未发现宗亲' }}
      renderItem={(g) => (
        <List.Item key={g.commonNode}>
          <List.Item.Meta
            title={
              <span>
                共同父系节点 <Tag color="blue">{g.commonNode}</Tag>
                {g.count} 位宗亲
              </span>
            }
            description={`该支系的共同祖先：${years(g.years)}（${CLAN_AGE_BASIS_LABELS[g.basis]}）`}
          />
        </List.Item>
      )}
    />
  );
}

export function ClanMembers({ list }: { list: ClanMember[] }) {
  return (
    <List
      data-testid="clan-members"
      className="origin-relatives"
      itemLayout="vertical"
      dataSource={list}
      locale={{ emptyText: '暂未发现宗亲' }}
      renderItem={(m) => (
        <List.Item
          key={m.relativeId}
          actions={
            m.grade
              ? [
                  <ReportLink key="detail" to={`/report/gene-relatives/detail/${encodeURIComponent(m.relativeId)}`}>
                    亲人详情
                  </ReportLink>,
                ]
              : []
          }
        >
          <List.Item.Meta
            title={
              <span data-testid="clan-member-name">
                {m.name} <Tag>{m.haplogroup}</Tag>
                {m.grade && <Tag color="green">基因亲人 · {m.grade}</Tag>}
              </span>
            }
            description={`共同节点 ${m.commonNode} · 共同祖先${ancestorText(m)}${m.province ? ` · ${m.province.name}` : ''}`}
          />
        </List.Item>
      )}
    />
  );
}
