import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { GENERATION_NAMES_MAX_BRANCHES, type TreeGenerationNames } from '@jiyin/contracts/treesApi';
import { Button, Input, InputNumber, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';

/**
 * Edits a tree's 字辈: per branch (房、支) its characters in the order the genealogy gives them, and
 * the generation the first one belongs to. The server checks them (汉字 only, branch names unique).
 */
export function GenerationNamesForm({
  open,
  value,
  onSave,
  onClose,
}: {
  open: boolean;
  value: TreeGenerationNames[];
  onSave: (list: TreeGenerationNames[]) => Promise<boolean>;
  onClose: () => void;
}) {
  const [list, setList] = useState<TreeGenerationNames[]>(value);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) setList(value.length ? value : [{ branch: '本支', firstGeneration: 1, chars: '' }]);
  }, [open, value]);
  const set = (i: number, part: Partial<TreeGenerationNames>) => setList((l) => l.map((b, j) => (j === i ? { ...b, ...part } : b)));

  return (
    <Modal
      open={open}
      title="编辑字辈"
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onCancel={onClose}
      onOk={async () => {
        setSaving(true);
        const done = await onSave(list.filter((b) => b.branch.trim() || b.chars.trim()));
        setSaving(false);
        if (done) onClose();
      }}
    >
      <p className="tree-muted">按族谱记载填写各支系的字辈用字，依次对应从“起始世代”开始的各代。</p>
      {list.map((b, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own and are only appended or removed
        <div key={i} className="generation-names__row">
          <Space wrap>
            <Input
              aria-label="支系名称"
              placeholder="支系，如：长房"
              value={b.branch}
              maxLength={20}
              onChange={(e) => set(i, { branch: e.target.value })}
              style={{ width: 120 }}
            />
            <InputNumber
              aria-label="起始世代"
              min={1}
              max={200}
              value={b.firstGeneration}
              onChange={(v) => set(i, { firstGeneration: Number(v ?? 1) })}
              addonBefore="第"
              addonAfter="代起"
              style={{ width: 150 }}
            />
            <Button aria-label="删除此支系" icon={<DeleteOutlined />} onClick={() => setList((l) => l.filter((_, j) => j !== i))} />
          </Space>
          <Input.TextArea
            aria-label="字辈用字"
            placeholder="字辈用字，如：德正家声远"
            value={b.chars}
            maxLength={100}
            autoSize={{ minRows: 1, maxRows: 3 }}
            onChange={(e) => set(i, { chars: e.target.value })}
          />
        </div>
      ))}
      {list.length < GENERATION_NAMES_MAX_BRANCHES && (
        <Button icon={<PlusOutlined />} onClick={() => setList((l) => [...l, { branch: '', firstGeneration: 1, chars: '' }])}>
          添加支系
        </Button>
      )}
    </Modal>
  );
}

/** The 字辈 character of a generation in a branch, or null beyond what the branch records. */
export function generationChar(branch: TreeGenerationNames | null, generation: number): string | null {
  if (!branch) return null;
  const chars = [...branch.chars];
  return chars[generation - branch.firstGeneration] ?? null;
}
