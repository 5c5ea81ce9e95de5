import { readFileSync } from 'node:fs';
import { ANCESTRY_GROUP_PROVINCES, type AncestryShareView } from '@jiyin/contracts/ancestryApi';
import { describe, expect, it } from 'vitest';
import { groupMapValues } from '../app/components/ancestry/GroupMap.tsx';

const geo = JSON.parse(readFileSync(new URL('../public/maps/china-provinces.json', import.meta.url), 'utf8')) as {
  features: { id: string; properties: { name: string } }[];
};
const nameOf = new Map(geo.features.map((f) => [String(f.id).slice(0, 2), f.properties.name]));
const namesOf = (id: string) => (ANCESTRY_GROUP_PROVINCES[id] ?? []).map((code) => nameOf.get(code));

const pop = (id: string, name: string, share: number): AncestryShareView => ({ id, name, share, low: share, high: share, source: '' });

describe('ancestry group map', () => {
  it('ties each Chinese reference group to the provinces of the map outlines', () => {
    expect(namesOf('han_north').sort()).toEqual(
      ['北京', '天津', '河北', '山西', '山东', '河南', '辽宁', '吉林', '黑龙江', '陕西', '甘肃', '宁夏'].sort(),
    );
    expect(namesOf('han_south').sort()).toEqual(
      ['上海', '江苏', '浙江', '安徽', '福建', '江西', '湖北', '湖南', '广东', '广西', '海南', '重庆', '四川', '贵州'].sort(),
    );
    expect(namesOf('uyghur')).toEqual(['新疆']);
    expect(namesOf('mongol')).toEqual(['内蒙古']);
    expect(namesOf('dai_sea')).toEqual(['云南']);
    const all = Object.values(ANCESTRY_GROUP_PROVINCES).flat();
    expect(new Set(all).size).toBe(all.length);
  });

  it('colours a province by the share of its group and leaves groups outside China off the map', () => {
    const { values, groupOf } = groupMapValues([
      pop('han_north', '北方汉族', 0.6234),
      pop('han_south', '南方汉族', 0.2),
      pop('mongol', '蒙古族', 0),
      pop('european', '欧洲', 0.1766),
    ]);
    const byCode = new Map(values.map((v) => [v.code, v.value]));
    expect(byCode.get('11')).toBe(62.3);
    expect(byCode.get('44')).toBe(20);
    expect(byCode.get('15')).toBe(0);
    // Groups missing from the answer, and groups outside China, colour nothing.
    expect(byCode.has('65')).toBe(false);
    expect(values).toHaveLength(12 + 14 + 1);
    expect(groupOf.get('37')?.name).toBe('北方汉族');
  });
});
