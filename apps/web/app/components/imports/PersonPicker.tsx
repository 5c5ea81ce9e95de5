import type { PersonView } from '@jiyin/contracts/accounts';
import { CheckCircleFilled, PlusOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { formatBirthday } from '../../lib/dates.ts';

/**
 * Step 1: whose data this is. Only the user's own tested persons can receive an import (never a
 * person shared with them); a new one is created with the §3 Gene data upload fields.
 */
export function PersonPicker({
  persons,
  value,
  disabled,
  onChange,
  onCreate,
}: {
  persons: PersonView[];
  value: string | null;
  disabled?: boolean;
  onChange: (id: string) => void;
  onCreate: () => void;
}) {
  return (
    <div className="person-picker" role="radiogroup" aria-label="选择检测人">
      {persons.map((p) => {
        const on = p.id === value;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a card with several lines, announced as a radio
          <button
            key={p.id}
            type="button"
            role="radio"
            aria-checked={on}
            disabled={disabled}
            className={on ? 'person-picker__item person-picker__item--on' : 'person-picker__item'}
            onClick={() => onChange(p.id)}
            data-testid="person-option"
          >
            <span className="person-picker__name">
              {p.name} <small className="muted">{p.gender === 'male' ? '男' : '女'}</small>
              {on && <CheckCircleFilled className="person-picker__check" />}
            </span>
            <span className="muted">{p.birthday ? formatBirthday(p.birthday) : '未填写出生日期'}</span>
            {p.detections.some((d) => d.hasReport) && <Tag color="blue">已有报告</Tag>}
          </button>
        );
      })}
      <button type="button" className="person-picker__item person-picker__add" disabled={disabled} onClick={onCreate}>
        <PlusOutlined /> 新建检测人
      </button>
    </div>
  );
}
