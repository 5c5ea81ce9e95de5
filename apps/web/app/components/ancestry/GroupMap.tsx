import { ANCESTRY_GROUP_PROVINCES, type AncestryShareView } from '@jiyin/contracts/ancestryApi';
import { useMemo } from 'react';
import { ChinaMap, type MapValue } from '../origin/ChinaMap.tsx';
import { percent } from './format.ts';

const LEGEND = ['占比高', '占比低'] as const;

/** Each province's reference group and the reader's share of it (provinces without a group are left out). */
export function groupMapValues(populations: readonly AncestryShareView[]): {
  values: MapValue[];
  groupOf: Map<string, AncestryShareView>;
} {
  const groupOf = new Map<string, AncestryShareView>();
  for (const p of populations) for (const code of ANCESTRY_GROUP_PROVINCES[p.id] ?? []) groupOf.set(code, p);
  // Percent with one decimal, so the colour scale runs from 0 to the largest share shown.
  const values = [...groupOf].map(([code, p]) => ({ code, value: Math.round(p.share * 1000) / 10 }));
  return { values, groupOf };
}

/** The Chinese reference groups on the map, each province coloured by the reader's share of its group. */
export function GroupMap({ populations }: { populations: readonly AncestryShareView[] }) {
  const { values, groupOf } = useMemo(() => groupMapValues(populations), [populations]);
  const format = (_value: number, code: string) => {
    const p = groupOf.get(code);
    return p ? `${p.name}参考样本来源地，您的占比 ${percent(p.share)}` : '无对应的参考人群';
  };
  return <ChinaMap values={values} format={format} legend={LEGEND} testId="ancestry-map" />;
}
