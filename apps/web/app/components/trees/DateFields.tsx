import type { ReignView, TreeDate } from '@jiyin/contracts/treesApi';
import { Checkbox, InputNumber, Radio, Select, Space } from 'antd';
import { chineseNumber } from './treeModel.ts';

/** What the date fields edit: the calendar, then year (or reign era and its year), month, leap, day. */
export interface DateValue {
  calendar: 'solar' | 'lunar' | 'reign';
  year?: number | null;
  reign?: string;
  reignYear?: number | null;
  month?: number | null;
  leap?: boolean;
  day?: number | null;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

export function toDateValue(d: TreeDate | null | undefined): DateValue {
  if (!d) return { calendar: 'solar' };
  return {
    calendar: d.dynasty ? 'reign' : d.chooseLunarCalendar ? 'lunar' : 'solar',
    year: d.year ?? null,
    reign: d.dynasty?.reign,
    reignYear: d.dynasty?.year ?? null,
    month: d.month === undefined ? null : Math.abs(d.month),
    leap: (d.month ?? 0) < 0,
    day: d.day ?? null,
  };
}

/** The §3 Date the server checks (null when nothing was entered). Reign dates are lunar, as records are. */
export function fromDateValue(v: DateValue | undefined): TreeDate | null {
  if (!v) return null;
  const month = v.month ? (v.calendar !== 'solar' && v.leap ? -v.month : v.month) : undefined;
  const day = month && v.day ? v.day : undefined;
  if (v.calendar === 'reign') {
    if (!v.reign || !v.reignYear) return null;
    return { dynasty: { reign: v.reign, year: v.reignYear }, month, day, chooseLunarCalendar: Boolean(month) };
  }
  if (!v.year) return null;
  return { year: v.year, month, day, chooseLunarCalendar: v.calendar === 'lunar' };
}

/** A genealogy date: 公历, 农历 (leap months) or 年号 (reign era and year); month and day may be unknown. */
export function DateFields({
  value,
  onChange,
  reigns,
  label,
}: {
  value?: DateValue;
  onChange?: (v: DateValue) => void;
  reigns: ReignView[];
  label: string;
}) {
  const v = value ?? { calendar: 'solar' };
  const set = (patch: Partial<DateValue>) => onChange?.({ ...v, ...patch });
  const era = reigns.find((r) => r.reign === v.reign);
  return (
    <div className="tree-date-fields">
      <Radio.Group
        optionType="button"
        size="small"
        value={v.calendar}
        onChange={(e) => set({ calendar: e.target.value })}
        aria-label={`${label}历法`}
        options={[
          { value: 'solar', label: '公历' },
          { value: 'lunar', label: '农历' },
          { value: 'reign', label: '年号' },
        ]}
      />
      <Space wrap size={6} className="tree-date-fields__parts">
        {v.calendar === 'reign' ? (
          <>
            <Select
              placeholder="年号"
              aria-label={`选择${label}年号`}
              style={{ width: 120 }}
              value={v.reign}
              showSearch
              virtual={false}
              onChange={(reign) => set({ reign, reignYear: null })}
              options={reigns.map((r) => ({ value: r.reign, label: `${r.dynasty}·${r.reign}` }))}
            />
            <Select
              placeholder="年"
              aria-label={`${label}纪年`}
              style={{ width: 100 }}
              value={v.reignYear ?? undefined}
              disabled={!era}
              virtual={false}
              onChange={(reignYear) => set({ reignYear })}
              options={range(era?.years ?? 0).map((n) => ({ value: n, label: `${chineseNumber(n)}年` }))}
            />
          </>
        ) : (
          <InputNumber
            min={-2000}
            max={2100}
            placeholder="年"
            aria-label={`${label}年份`}
            style={{ width: 96 }}
            value={v.year ?? null}
            onChange={(year) => set({ year })}
          />
        )}
        <Select
          allowClear
          placeholder="月"
          aria-label={`${label}月份`}
          style={{ width: 84 }}
          value={v.month ?? undefined}
          virtual={false}
          onChange={(month) => set({ month: month ?? null })}
          options={range(12).map((m) => ({ value: m, label: `${m}月` }))}
        />
        {v.calendar !== 'solar' && (
          <Checkbox checked={v.leap} onChange={(e) => set({ leap: e.target.checked })}>
            闰月
          </Checkbox>
        )}
        <Select
          allowClear
          placeholder="日"
          aria-label={`${label}日`}
          style={{ width: 84 }}
          value={v.day ?? undefined}
          virtual={false}
          onChange={(day) => set({ day: day ?? null })}
          options={range(v.calendar === 'solar' ? 31 : 30).map((d) => ({ value: d, label: `${d}日` }))}
        />
      </Space>
    </div>
  );
}
