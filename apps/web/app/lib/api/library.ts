import type { ApiTransport } from '@jiyin/contracts/api';
import type { Envelope } from '@jiyin/contracts/envelope';
import {
  type ClaimStatus,
  type FamilyClaimView,
  type FamilyFilterFlag,
  type FamilyHistoryLineView,
  type FamilyInput,
  type FamilyListView,
  type FamilySort,
  type FamilyType,
  type FamilyView,
  LIBRARY_API_PATHS,
  type LeadView,
  type ProposalView,
  type SurnameProposalInput,
  type SurnameSummary,
  type SurnameView,
} from '@jiyin/contracts/libraryApi';
import { fillPattern } from '@jiyin/contracts/pathPattern';

export interface FamilyListQuery extends Partial<Record<FamilyFilterFlag, boolean>> {
  type?: FamilyType;
  keyword?: string;
  sortType?: FamilySort;
  page?: number;
}

/** Surname and family libraries (LIBRARY_API_PATHS) as the pages call them. */
export function libraryClient(api: ApiTransport) {
  return {
    surnameSearch: (q: string, limit = 20): Promise<Envelope<{ list: SurnameSummary[] }>> =>
      api({ method: 'GET', path: LIBRARY_API_PATHS.surnameSearch, query: { q, limit } }),
    surnameTop: (limit: number): Promise<Envelope<{ list: SurnameSummary[] }>> =>
      api({ method: 'GET', path: LIBRARY_API_PATHS.surnameTop, query: { limit } }),
    surname: (name: string): Promise<Envelope<SurnameView>> =>
      api({ method: 'GET', path: fillPattern(LIBRARY_API_PATHS.surname, { name }) }),
    proposeSurnameEdit: (name: string, input: SurnameProposalInput): Promise<Envelope<ProposalView>> =>
      api({ method: 'POST', path: fillPattern(LIBRARY_API_PATHS.surnameProposals, { name }), body: input }),
    reviewQueue: (): Promise<Envelope<{ list: ProposalView[] }>> => api({ method: 'GET', path: LIBRARY_API_PATHS.reviewQueue }),
    reviewProposal: (id: string, accept: boolean, note?: string): Promise<Envelope<ProposalView>> =>
      api({ method: 'POST', path: fillPattern(LIBRARY_API_PATHS.reviewProposal, { id }), body: { accept, note } }),
    families: (q: FamilyListQuery): Promise<Envelope<FamilyListView>> => {
      const query: Record<string, string | number> = {};
      for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') query[k] = typeof v === 'boolean' ? String(v) : v;
      return api({ method: 'GET', path: LIBRARY_API_PATHS.families, query });
    },
    createFamily: (input: FamilyInput): Promise<Envelope<FamilyView>> =>
      api({ method: 'POST', path: LIBRARY_API_PATHS.families, body: input }),
    updateFamily: (id: string, input: FamilyInput): Promise<Envelope<FamilyView>> =>
      api({ method: 'PUT', path: fillPattern(LIBRARY_API_PATHS.family, { id }), body: input }),
    family: (id: string, barcode?: string | null): Promise<Envelope<FamilyView>> =>
      api({ method: 'GET', path: fillPattern(LIBRARY_API_PATHS.family, { id }), query: barcode ? { barcode } : undefined }),
    claimFamily: (id: string, barcode: string, status: ClaimStatus, reason?: string): Promise<Envelope<FamilyView>> =>
      api({ method: 'PUT', path: fillPattern(LIBRARY_API_PATHS.familyClaim, { id }), body: { barcode, status, reason } }),
    withdrawClaim: (id: string, barcode: string): Promise<Envelope<null>> =>
      api({ method: 'DELETE', path: fillPattern(LIBRARY_API_PATHS.familyClaim, { id }), query: { barcode } }),
    myClaims: (
      barcode: string | null,
      status: ClaimStatus,
      page = 1,
    ): Promise<Envelope<{ list: FamilyClaimView[]; total: number; page: number; size: number }>> =>
      api({ method: 'GET', path: LIBRARY_API_PATHS.myClaims, query: { ...(barcode ? { barcode } : {}), status, page } }),
    familyHistory: (
      id: string,
    ): Promise<Envelope<{ family: { id: string; name: string; demo: boolean; canContribute: boolean }; list: FamilyHistoryLineView[] }>> =>
      api({ method: 'GET', path: fillPattern(LIBRARY_API_PATHS.familyHistory, { id }) }),
    addHistoryLine: (id: string, line: { year: number | null; content: string }): Promise<Envelope<{ id: string }>> =>
      api({ method: 'POST', path: fillPattern(LIBRARY_API_PATHS.familyHistory, { id }), body: line }),
    deleteHistoryLine: (lineId: string): Promise<Envelope<null>> =>
      api({ method: 'DELETE', path: fillPattern(LIBRARY_API_PATHS.familyHistoryLine, { lineId }) }),
    addMaterial: (
      id: string,
      m: { kind: 'genealogy' | 'document' | 'photo'; title: string; content: string; images: string[] },
    ): Promise<Envelope<{ id: string }>> => api({ method: 'POST', path: fillPattern(LIBRARY_API_PATHS.familyMaterials, { id }), body: m }),
    deleteMaterial: (materialId: string): Promise<Envelope<null>> =>
      api({ method: 'DELETE', path: fillPattern(LIBRARY_API_PATHS.familyMaterial, { materialId }) }),
    createProject: (id: string, p: { title: string; goal: string }): Promise<Envelope<{ id: string }>> =>
      api({ method: 'POST', path: fillPattern(LIBRARY_API_PATHS.familyProjects, { id }), body: p }),
    joinProject: (projectId: string): Promise<Envelope<null>> =>
      api({ method: 'POST', path: fillPattern(LIBRARY_API_PATHS.projectMembers, { projectId }) }),
    leads: (barcode: string): Promise<Envelope<LeadView>> => api({ method: 'GET', path: LIBRARY_API_PATHS.leads, query: { barcode } }),
    saveLeads: (lead: { barcode: string; surname: string; residence: string; birthPlace: string }): Promise<Envelope<LeadView>> =>
      api({ method: 'PUT', path: LIBRARY_API_PATHS.leads, body: lead }),
    commentProject: (projectId: string, content: string): Promise<Envelope<{ id: string }>> =>
      api({ method: 'POST', path: fillPattern(LIBRARY_API_PATHS.projectComments, { projectId }), body: { content } }),
  };
}
