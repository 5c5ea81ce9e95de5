import { isOk } from '@jiyin/contracts/envelope';
import { App, Rate } from 'antd';
import { useState } from 'react';
import { useReportApi } from '../../lib/reportData.ts';

const WORDS = ['没有帮助', '帮助不大', '一般', '有帮助', '很有帮助'];

/** §7.4 feel: the reader rates how useful an item's reading is; a second rating updates the first. */
export function FeelRating({
  barcode,
  module,
  itemId,
  initial,
}: {
  barcode: string;
  module: string;
  itemId: string;
  initial: { id: string; feel: number } | null;
}) {
  const api = useReportApi();
  const { message } = App.useApp();
  const [feel, setFeel] = useState(initial);
  const [saving, setSaving] = useState(false);
  const rate = async (value: number) => {
    if (!value || saving) return;
    setSaving(true);
    const res = feel ? await api.updateFeel(feel.id, value) : await api.createFeel({ barcode, relate_id: itemId, module, feel: value });
    setSaving(false);
    if (!isOk(res)) return message.error(res.msg);
    setFeel({ id: res.data.id, feel: res.data.feel });
    message.success('感谢你的评价');
  };
  return (
    <div className="feel-rating" data-testid="feel-rating">
      <Rate tooltips={WORDS} value={feel?.feel ?? 0} onChange={rate} allowClear={false} disabled={saving} aria-label="评价这条解读" />
      <span className="muted">{feel ? `你的评价：${WORDS[feel.feel - 1]}` : '点星评价'}</span>
    </div>
  );
}
