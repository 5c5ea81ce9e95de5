import type { ApiTransport } from '@jiyin/contracts/api';
import type { Envelope } from '@jiyin/contracts/envelope';
import {
  type CityDistributionView,
  type ClanBaseInfo,
  type ClanRelationsView,
  type ClanSort,
  type CommonListView,
  type CommonOriginView,
  type DistributionView,
  type GeneOriginView,
  type MyOriginView,
  ORIGIN_API_PATHS,
  type OriginDetailView,
} from '@jiyin/contracts/originApi';

/** Relatives distribution, gene origin and clan relations (ORIGIN_API_PATHS) as the pages call them. */
export function originClient(api: ApiTransport) {
  const q = (barcode?: string | null, extra: Record<string, string | number | undefined> = {}) => ({
    ...(barcode ? { barcode } : {}),
    ...extra,
  });
  return {
    relativesDistribution: (barcode?: string | null): Promise<Envelope<DistributionView>> =>
      api({ method: 'GET', path: ORIGIN_API_PATHS.distribution, query: q(barcode) }),
    relativesCities: (province: string, barcode?: string | null): Promise<Envelope<CityDistributionView>> =>
      api({ method: 'GET', path: ORIGIN_API_PATHS.distributionCities, query: q(barcode, { province }) }),
    geneOrigin: (barcode?: string | null): Promise<Envelope<GeneOriginView>> =>
      api({ method: 'GET', path: ORIGIN_API_PATHS.geneOrigin, query: q(barcode) }),
    geneOriginCommonList: (barcode?: string | null): Promise<Envelope<CommonListView>> =>
      api({ method: 'GET', path: ORIGIN_API_PATHS.geneOriginCommonList, query: q(barcode) }),
    geneOriginCommon: (relative: string, barcode?: string | null): Promise<Envelope<CommonOriginView>> =>
      api({ method: 'GET', path: ORIGIN_API_PATHS.geneOriginCommon, query: q(barcode, { relative }) }),
    geneOriginDetail: (province: string, barcode?: string | null): Promise<Envelope<OriginDetailView>> =>
      api({ method: 'GET', path: ORIGIN_API_PATHS.geneOriginDetail, query: q(barcode, { province }) }),
    geneOriginMine: (barcode?: string | null): Promise<Envelope<MyOriginView>> =>
      api({ method: 'GET', path: ORIGIN_API_PATHS.geneOriginMine, query: q(barcode) }),
    clanRelations: (
      barcode: string | null | undefined,
      opts: { maxYear?: number; sort?: ClanSort; page?: number } = {},
    ): Promise<Envelope<ClanRelationsView>> => api({ method: 'GET', path: ORIGIN_API_PATHS.clanRelations, query: q(barcode, opts) }),
    clanBaseInfo: (barcode: string): Promise<Envelope<ClanBaseInfo>> =>
      api({ method: 'GET', path: ORIGIN_API_PATHS.clanBaseInfo, query: { barcode } }),
    updateClanBaseInfo: (b: { barcode: string; showFullName?: boolean; openClanRelation?: boolean }): Promise<Envelope<ClanBaseInfo>> =>
      api({ method: 'PUT', path: ORIGIN_API_PATHS.clanBaseInfo, body: b }),
  };
}
