import type { ApiRequest, ApiTransport } from '@jiyin/contracts/api';
import { type Envelope, isOk } from '@jiyin/contracts/envelope';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import {
  type GedcomImportView,
  type PhotoView,
  REUNION_API_PATHS,
  type ReignView,
  type ReunionClue,
  type ReunionEntryView,
  type ReunionInput,
  type StoryView,
  TREE_API_PATHS,
  type TreeDataView,
  type TreeFileUpload,
  type TreeFileView,
  type TreeGenerationNames,
  type TreeListItem,
  type TreeMemberView,
  type TreePersonInput,
  type TreePersonView,
  type TreeWarning,
} from '@jiyin/contracts/treesApi';
import { decodeTree, TREE_WIRE_FORMAT, type TreeWire } from '@jiyin/contracts/treeWire';

export type RelationKind = 'parent' | 'child' | 'spouse' | 'sibling';

/** The call that reads a whole tree, in the compact wire form: a large tree arrives and parses several times faster. */
export function treeRequest(treeId: string, browse: boolean): ApiRequest {
  return {
    method: 'GET',
    path: fillPattern(browse ? TREE_API_PATHS.browse : TREE_API_PATHS.tree, { treeId }),
    query: { format: TREE_WIRE_FORMAT },
  };
}

export function decodeTreeAnswer(res: Envelope<TreeWire>): Envelope<TreeDataView> {
  return { ...res, data: isOk(res) ? decodeTree(res.data) : null };
}

/** §7.9 family_tree_ds and the reunion info calls. */
export function treesClient(api: ApiTransport) {
  const t = (p: string, params: Record<string, string>) => fillPattern(p, params);
  return {
    trees: (current?: string | null): Promise<Envelope<{ list: TreeListItem[] }>> =>
      api({ method: 'GET', path: TREE_API_PATHS.trees, query: current ? { current } : undefined }),
    createTree: (name: string): Promise<Envelope<TreeDataView>> => api({ method: 'POST', path: TREE_API_PATHS.trees, body: { name } }),
    /** An own tree (owner, editor); browse mode (§4) reads a tree shared for viewing through its own call. */
    tree: async (treeId: string, browse = false): Promise<Envelope<TreeDataView>> =>
      decodeTreeAnswer((await api(treeRequest(treeId, browse))) as Envelope<TreeWire>),
    updateTree: (
      treeId: string,
      body: { name?: string; masterNodeId?: string; generationNames?: TreeGenerationNames[] },
    ): Promise<Envelope<TreeDataView>> => api({ method: 'PUT', path: t(TREE_API_PATHS.tree, { treeId }), body }),
    deleteTree: (treeId: string): Promise<Envelope<null>> => api({ method: 'DELETE', path: t(TREE_API_PATHS.tree, { treeId }) }),
    addTreePerson: (
      treeId: string,
      person: TreePersonInput,
      relation?: { kind: RelationKind; of: string },
    ): Promise<Envelope<{ person: TreePersonView; warnings: TreeWarning[] }>> =>
      api({ method: 'POST', path: t(TREE_API_PATHS.persons, { treeId }), body: { person, relation } }),
    updateTreePerson: (treeId: string, personId: string, person: TreePersonInput): Promise<Envelope<TreeDataView>> =>
      api({ method: 'PUT', path: t(TREE_API_PATHS.person, { treeId, personId }), body: person }),
    deleteTreePerson: (treeId: string, personId: string): Promise<Envelope<null>> =>
      api({ method: 'DELETE', path: t(TREE_API_PATHS.person, { treeId, personId }) }),
    linkTreePerson: (treeId: string, personId: string, testedPersonId: string | null): Promise<Envelope<TreeDataView>> =>
      api({ method: 'PUT', path: t(TREE_API_PATHS.link, { treeId, personId }), body: { personId: testedPersonId } }),
    treeMembers: (treeId: string): Promise<Envelope<{ list: TreeMemberView[] }>> =>
      api({ method: 'GET', path: t(TREE_API_PATHS.members, { treeId }) }),
    /** An invitation to a phone number: the same answer whether the number has an account or not. */
    shareTree: (
      treeId: string,
      body: { nationCode: string; phoneNumber: string; role: 'editor' | 'viewer' },
    ): Promise<Envelope<{ notice: string }>> => api({ method: 'POST', path: t(TREE_API_PATHS.members, { treeId }), body }),
    removeTreeMember: (treeId: string, userId: string): Promise<Envelope<null>> =>
      api({ method: 'DELETE', path: t(TREE_API_PATHS.member, { treeId, userId }) }),
    stories: (treeId: string, personId: string, page = 1): Promise<Envelope<{ list: StoryView[] }>> =>
      api({ method: 'GET', path: t(TREE_API_PATHS.stories, { treeId, personId }), query: { page } }),
    addStory: (treeId: string, personId: string, body: { title: string; content: string }): Promise<Envelope<StoryView>> =>
      api({ method: 'POST', path: t(TREE_API_PATHS.stories, { treeId, personId }), body }),
    photos: (treeId: string, personId: string): Promise<Envelope<{ list: PhotoView[] }>> =>
      api({ method: 'GET', path: t(TREE_API_PATHS.photos, { treeId, personId }) }),
    addPhoto: (treeId: string, personId: string, body: { url: string; caption: string }): Promise<Envelope<PhotoView>> =>
      api({ method: 'POST', path: t(TREE_API_PATHS.photos, { treeId, personId }), body }),
    deletePhoto: (treeId: string, personId: string, photoId: string): Promise<Envelope<null>> =>
      api({ method: 'DELETE', path: t(TREE_API_PATHS.photo, { treeId, personId, photoId }) }),
    treeFiles: (treeId: string, personId?: string): Promise<Envelope<{ list: TreeFileView[] }>> =>
      api({ method: 'GET', path: t(TREE_API_PATHS.files, { treeId }), query: personId ? { personId } : undefined }),
    addTreeFiles: (treeId: string, body: TreeFileUpload): Promise<Envelope<{ list: TreeFileView[] }>> =>
      api({ method: 'POST', path: t(TREE_API_PATHS.files, { treeId }), body }),
    deleteTreeFile: (treeId: string, fileId: string): Promise<Envelope<null>> =>
      api({ method: 'DELETE', path: t(TREE_API_PATHS.file, { treeId, fileId }) }),
    importGedcom: (treeId: string, fileName: string, content: string): Promise<Envelope<GedcomImportView>> =>
      api({ method: 'POST', path: t(TREE_API_PATHS.gedcomImport, { treeId }), body: { fileName, content } }),
    gedcomImport: (treeId: string, importId: string): Promise<Envelope<GedcomImportView>> =>
      api({ method: 'GET', path: t(TREE_API_PATHS.gedcomImportState, { treeId, importId }) }),
    reigns: (): Promise<Envelope<{ list: ReignView[] }>> => api({ method: 'GET', path: TREE_API_PATHS.reigns }),
    reunionList: (): Promise<Envelope<{ list: ReunionEntryView[] }>> => api({ method: 'GET', path: REUNION_API_PATHS.list }),
    reunionEntry: (id: string): Promise<Envelope<ReunionEntryView>> => api({ method: 'GET', path: t(REUNION_API_PATHS.entry, { id }) }),
    saveReunion: (id: string | null, body: ReunionInput): Promise<Envelope<ReunionEntryView>> =>
      id
        ? api({ method: 'PUT', path: t(REUNION_API_PATHS.entry, { id }), body })
        : api({ method: 'POST', path: REUNION_API_PATHS.list, body }),
    deleteReunion: (id: string): Promise<Envelope<null>> => api({ method: 'DELETE', path: t(REUNION_API_PATHS.entry, { id }) }),
    reunionClues: (id: string): Promise<Envelope<{ list: ReunionClue[] }>> =>
      api({ method: 'GET', path: t(REUNION_API_PATHS.clues, { id }) }),
    reunionContact: (id: string, clueId: string): Promise<Envelope<{ relatedId: string }>> =>
      api({ method: 'POST', path: t(REUNION_API_PATHS.contact, { id }), body: { clueId } }),
  };
}
