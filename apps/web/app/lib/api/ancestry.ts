import {
  ANCESTRY_API_PATHS,
  type AncestryComposition,
  type AncestryLine,
  type AncestryLineView,
  type AncestryNations,
  type HaplogroupName,
  type LineageHorizonId,
  type LineageTreeView,
  type YTreeComment,
  type YTreeCommentInput,
  type YTreeCommentPage,
  type YTreeData,
} from '@jiyin/contracts/ancestryApi';
import type { ApiTransport } from '@jiyin/contracts/api';
import type { Envelope } from '@jiyin/contracts/envelope';
import { fillPattern } from '@jiyin/contracts/pathPattern';

/** The ancestry report reads (§7.9, §7.6 haplogroup name) and the public Y-tree with its comments. */
export function ancestryClient(api: ApiTransport) {
  const q = (barcode?: string | null) => (barcode ? { barcode } : undefined);
  return {
    ancestryComposition: (barcode?: string | null): Promise<Envelope<AncestryComposition>> =>
      api({ method: 'GET', path: ANCESTRY_API_PATHS.composition, query: q(barcode) }),
    ancestryNations: (barcode?: string | null): Promise<Envelope<AncestryNations>> =>
      api({ method: 'GET', path: ANCESTRY_API_PATHS.nations, query: q(barcode) }),
    ancestryLine: (line: AncestryLine, barcode?: string | null): Promise<Envelope<AncestryLineView>> =>
      api({ method: 'GET', path: fillPattern(ANCESTRY_API_PATHS.line, { line }), query: q(barcode) }),
    lineageTree: (horizon: LineageHorizonId, barcode?: string | null): Promise<Envelope<LineageTreeView>> =>
      api({ method: 'GET', path: fillPattern(ANCESTRY_API_PATHS.lineageTree, { horizon }), query: q(barcode) }),
    haplogroupName: (barcode?: string | null): Promise<Envelope<HaplogroupName>> =>
      api({ method: 'GET', path: ANCESTRY_API_PATHS.haplogroupName, query: q(barcode) }),
    yTree: (): Promise<Envelope<YTreeData>> => api({ method: 'GET', path: ANCESTRY_API_PATHS.ytree }),
    yTreeComments: (haplogroup: string, page = 1): Promise<Envelope<YTreeCommentPage>> =>
      api({ method: 'GET', path: ANCESTRY_API_PATHS.ytreeComments, query: { haplogroup, page } }),
    postYTreeComment: (body: YTreeCommentInput): Promise<Envelope<YTreeComment>> =>
      api({ method: 'POST', path: ANCESTRY_API_PATHS.ytreeComments, body }),
    deleteYTreeComment: (id: string): Promise<Envelope<null>> =>
      api({ method: 'DELETE', path: fillPattern(ANCESTRY_API_PATHS.ytreeCommentOne, { id }) }),
  };
}
