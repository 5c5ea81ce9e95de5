/**
 * §3 Family tree and §7.9 family_tree_ds calls, and the reunion (寻亲) registration calls: paths, input
 * schemas (one for page and server) and the views the server answers.
 */
import { z } from 'zod';
import { birthplaceSchema } from './accounts.ts';
import { type ShareInviteStatus, shareInviteSchema } from './sharesApi.ts';

export const TREE_API_PATHS = {
  /** Trees the user owns or was given (§3 list items). */
  trees: '/v1/family_tree_ds/trees',
  /** An own tree (owner or editor). */
  tree: '/v1/family_tree_ds/trees/:treeId',
  /** §4 browse mode: a tree shared with the caller, read through its own call. */
  browse: '/v1/family_tree_ds/browse/:treeId',
  persons: '/v1/family_tree_ds/trees/:treeId/persons',
  person: '/v1/family_tree_ds/trees/:treeId/persons/:personId',
  link: '/v1/family_tree_ds/trees/:treeId/persons/:personId/link',
  relations: '/v1/family_tree_ds/trees/:treeId/relations',
  relation: '/v1/family_tree_ds/trees/:treeId/relations/:relationId',
  /** GET members and open invitations (owner); POST invites a phone number (sharesApi.ts). */
  members: '/v1/family_tree_ds/trees/:treeId/members',
  /** DELETE: the owner removes a member, or a member leaves. */
  member: '/v1/family_tree_ds/trees/:treeId/members/:userId',
  /** §3 life stories of a person, 15 a page (§9). */
  stories: '/v1/family_tree_ds/trees/:treeId/persons/:personId/stories',
  story: '/v1/family_tree_ds/trees/:treeId/persons/:personId/stories/:storyId',
  /** §3 photo album of a person. */
  photos: '/v1/family_tree_ds/trees/:treeId/persons/:personId/photos',
  photo: '/v1/family_tree_ds/trees/:treeId/persons/:personId/photos/:photoId',
  /** §3 tree file resources (sourceType, fileResources): the tree's files, one file, its bytes. */
  files: '/v1/family_tree_ds/trees/:treeId/files',
  file: '/v1/family_tree_ds/trees/:treeId/files/:fileId',
  fileContent: '/v1/family_tree_ds/trees/:treeId/files/:fileId/content',
  /** GEDCOM import (a queue job) and its progress; export is a download on the bare path. */
  gedcomImport: '/v1/family_tree_ds/trees/:treeId/gedcom',
  gedcomImportState: '/v1/family_tree_ds/trees/:treeId/gedcom/:importId',
  gedcomExport: '/v1/family_tree_ds/trees/:treeId/export.ged',
  /** Reign eras (年号) the date pickers offer. */
  reigns: '/v1/family_tree_ds/reigns',
} as const;

export const REUNION_API_PATHS = {
  /** §7.9 reunion info list (data.list): the caller's own entries. */
  list: '/v1/reunion/info',
  entry: '/v1/reunion/info/:id',
  clues: '/v1/reunion/info/:id/clues',
  contact: '/v1/reunion/info/:id/contact',
} as const;

/** §9 life stories a page. */
export const STORIES_PAGE_SIZE = 15;
export const TREE_NAME_MAX = 30;
/** A GEDCOM file larger than this is refused before it is queued. */
export const GEDCOM_MAX_BYTES = 16 * 1024 * 1024;

export type TreeRole = 'owner' | 'editor' | 'viewer';
export type TreeSex = 'male' | 'female' | 'unknown';

/**
 * §3 Date for genealogy: a year alone is common in old records; month < 0 is a leap lunar month; a
 * reign date (年号) names the era and its year, and the server fills in the western year.
 */
export const treeDateSchema = z
  .object({
    year: z.number().int('年份必须是整数').min(-2000, '年份超出范围').max(2100, '年份超出范围').optional(),
    month: z
      .number()
      .int('月份必须是整数')
      .refine((m) => m !== 0 && Math.abs(m) <= 12, '月份超出范围')
      .optional(),
    day: z.number().int('日期必须是整数').min(1, '日期超出范围').max(31, '日期超出范围').optional(),
    chooseLunarCalendar: z.boolean().default(false),
    dynasty: z
      .object({
        reign: z.string().trim().min(1, '请选择年号').max(10, '年号不正确'),
        year: z.number().int().min(1, '年号纪年不正确').max(70),
      })
      .optional(),
  })
  .refine((d) => d.year !== undefined || d.dynasty !== undefined, '请填写年份或年号')
  .refine((d) => d.day === undefined || d.month !== undefined, '填写日期前请先填写月份');
export type TreeDate = z.infer<typeof treeDateSchema>;

const shortText = (label: string, max: number) => z.string().trim().max(max, `${label}不能超过 ${max} 个字`);

export const treePersonInputSchema = z.object({
  surname: shortText('姓', 8).min(1, '请输入姓'),
  givenName: shortText('名', 16).default(''),
  /** 字 and 号. */
  courtesyName: shortText('字', 16).default(''),
  artName: shortText('号', 16).default(''),
  sex: z.enum(['male', 'female', 'unknown'], { error: '请选择性别' }),
  birth: treeDateSchema.nullish(),
  death: treeDateSchema.nullish(),
  /** Still living: shown as 在世 to viewers of a shared tree. */
  living: z.boolean().default(false),
  birthPlace: birthplaceSchema.nullish(),
  notes: shortText('备注', 2000).default(''),
});
export type TreePersonInput = z.infer<typeof treePersonInputSchema>;

export const addTreePersonSchema = z.object({
  person: treePersonInputSchema,
  /** Added as the parent, child, spouse or sibling of an existing person of the tree. */
  relation: z.object({ kind: z.enum(['parent', 'child', 'spouse', 'sibling']), of: z.string().min(1) }).nullish(),
});

export const treeRelationInputSchema = z.object({
  /** parent: `from` is a parent of `to`; spouse: the two are spouses. */
  kind: z.enum(['parent', 'spouse'], { error: '关系类型不正确' }),
  from: z.string().min(1, '请选择人物'),
  to: z.string().min(1, '请选择人物'),
});

export const treeCreateSchema = z.object({ name: shortText('家谱名称', TREE_NAME_MAX).min(1, '请输入家谱名称') });
/** 字辈: Chinese characters only, as the genealogy writes them (no spaces or punctuation). */
const HAN_ONLY = /^\p{Script=Han}+$/u;
export const GENERATION_NAMES_MAX_BRANCHES = 20;
export const generationNamesSchema = z
  .array(
    z.object({
      branch: shortText('支系名称', 20).min(1, '请输入支系名称'),
      firstGeneration: z.number().int('起始世代必须是整数').min(1, '起始世代至少为 1').max(200, '起始世代超出范围'),
      chars: z.string().trim().min(1, '请输入字辈').max(100, '字辈不能超过 100 个字').regex(HAN_ONLY, '字辈只能填写汉字，不要加空格或标点'),
    }),
  )
  .max(GENERATION_NAMES_MAX_BRANCHES, `最多 ${GENERATION_NAMES_MAX_BRANCHES} 个支系`)
  .refine((list) => new Set(list.map((b) => b.branch)).size === list.length, '支系名称不能重复');
export type TreeGenerationNames = z.infer<typeof generationNamesSchema>[number];

export const treeUpdateSchema = z.object({
  name: shortText('家谱名称', TREE_NAME_MAX).min(1, '请输入家谱名称').optional(),
  masterNodeId: z.string().min(1).optional(),
  generationNames: generationNamesSchema.optional(),
});

/** §3 tree file resources: what a file is a source of. */
export const TREE_FILE_SOURCE_TYPES = {
  genealogy: '族谱页',
  certificate: '证书证件',
  document: '文书信件',
  inscription: '碑文墓志',
  photo: '老照片',
  other: '其他',
} as const;
export type TreeFileSourceType = keyof typeof TREE_FILE_SOURCE_TYPES;
/** One file at most (bytes); scans beyond this are split or reduced first. */
export const TREE_FILE_MAX_BYTES = 4 * 1024 * 1024;
export const TREE_FILES_PER_UPLOAD = 3;
export const TREE_FILES_MAX = 200;
export const treeFileUploadSchema = z.object({
  sourceType: z.enum(Object.keys(TREE_FILE_SOURCE_TYPES) as [TreeFileSourceType, ...TreeFileSourceType[]], { error: '请选择资料类型' }),
  title: shortText('资料名称', 60).min(1, '请输入资料名称'),
  /** Absent or null: a file of the whole tree. */
  personId: z.string().min(1).max(64).nullish(),
  fileResources: z
    .array(
      z.object({
        fileName: z.string().trim().min(1, '文件名不能为空').max(120, '文件名过长'),
        /** The file's bytes in base64. */
        content: z
          .string()
          .min(1, '文件为空')
          .max(Math.ceil(TREE_FILE_MAX_BYTES / 3) * 4, `单个文件不能超过 ${TREE_FILE_MAX_BYTES / 1024 / 1024} MB`)
          .regex(/^[A-Za-z0-9+/]+={0,2}$/, '文件内容不正确'),
      }),
    )
    .min(1, '请选择文件')
    .max(TREE_FILES_PER_UPLOAD, `一次最多上传 ${TREE_FILES_PER_UPLOAD} 个文件`),
});
export type TreeFileUpload = z.input<typeof treeFileUploadSchema>;
export interface TreeFileView {
  id: string;
  personId: string | null;
  sourceType: TreeFileSourceType;
  title: string;
  fileName: string;
  contentType: string;
  size: number;
  createdAt: string;
}
/** POST members: an invitation to a phone number (sharesApi.ts), as editor or browse-only viewer. */
export const treeMemberSchema = shareInviteSchema.extend({
  role: z.enum(['editor', 'viewer'], { error: '请选择权限' }),
});
export const treeLinkSchema = z.object({ personId: z.string().min(1).nullable() });
export const storyInputSchema = z.object({
  title: shortText('标题', 60).min(1, '请输入标题'),
  content: shortText('内容', 5000).min(1, '请输入内容'),
});
/** An uploaded genealogy picture (§7.3 upload, type genealogy). */
export const GENEALOGY_PHOTO_URL = /^\/uploads\/genealogy\/[0-9a-f-]{36}\.(png|jpg)$/;
export const photoInputSchema = z.object({
  url: z.string().regex(GENEALOGY_PHOTO_URL, '照片不正确'),
  caption: shortText('说明', 60).default(''),
});
export interface PhotoView {
  id: string;
  url: string;
  caption: string;
  createdAt: string;
}
/** Pictures an album holds at most. */
export const ALBUM_MAX_PHOTOS = 60;

export const gedcomImportSchema = z.object({
  fileName: z.string().trim().min(1).max(200),
  content: z.string().min(1, '文件为空').max(GEDCOM_MAX_BYTES, '文件过大'),
});

/** A tested person linked to a tree person, with the haplogroups of their genome. */
export interface TreeLinkView {
  personId: string;
  name: string;
  yHaplogroup: string | null;
  mtHaplogroup: string | null;
}

export interface TreePersonView {
  id: string;
  /** 在世 with details hidden: a living person seen by a browse-only viewer. */
  hidden: boolean;
  surname: string;
  givenName: string;
  courtesyName: string;
  artName: string;
  sex: TreeSex;
  birth: TreeDate | null;
  death: TreeDate | null;
  /** Western reading of the dates ('1950', '1950-03-02'), whichever calendar they were entered in. */
  birthText: string | null;
  deathText: string | null;
  living: boolean;
  birthPlace: z.infer<typeof birthplaceSchema> | null;
  notes: string;
  link: TreeLinkView | null;
}

export interface TreeRelationView {
  id: string;
  kind: 'parent' | 'spouse';
  from: string;
  to: string;
}

/** A consistency check a genealogist expects, shown to the user, never fixed silently. */
export interface TreeWarning {
  personId: string;
  text: string;
}

/** Two linked persons who are gene relatives: shared cM beside the tree relationship. */
export interface TreeDnaView {
  a: string;
  b: string;
  sharedCm: number;
  grade: string | null;
  /** The relationship the tree says, or null when the tree does not connect them by blood. */
  treeRelation: string | null;
  /** The shared cM lies outside what the tree relationship allows (Shared cM Project ranges). */
  contradicts: boolean;
  expected: string | null;
}

/** §3 Family tree data: familyNodes, masterNodeId, lastModified. */
export interface TreeDataView {
  id: string;
  name: string;
  role: TreeRole;
  familyNodes: TreePersonView[];
  relations: TreeRelationView[];
  masterNodeId: string | null;
  lastModified: string;
  generationNames: TreeGenerationNames[];
  warnings: TreeWarning[];
  dna: TreeDnaView[];
}

/** §3 Family tree list item. */
export interface TreeListItem {
  id: string;
  /** The tree is someone else's, shared with the caller. */
  share: boolean;
  role: TreeRole;
  personInfo: { id: string | null; treeId: string };
  name: string;
  isSelected: boolean;
  personCount: number;
  ownerName: string;
}

/**
 * A member (accepted: userId and name) or an invitation not yet accepted (invitationId, the number
 * masked, no name: nothing tells the owner whose number it is).
 */
export interface TreeMemberView {
  userId: string | null;
  invitationId: string | null;
  name: string | null;
  phone: string;
  role: 'editor' | 'viewer';
  status: ShareInviteStatus;
  expiresAt: string | null;
}

export interface StoryView {
  id: string;
  title: string;
  content: string;
  createdAt: string;
}

export interface GedcomImportView {
  id: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  fileName: string;
  /** Records read so far of the total, for the progress bar. */
  processed: number;
  total: number;
  error: string | null;
  report: GedcomReport | null;
}

/** What an import did: counts, and each record or line it skipped with why. */
export interface GedcomReport {
  version: string;
  persons: number;
  families: number;
  relations: number;
  skipped: { line: number; record: string; reason: string }[];
}

export interface ReignView {
  dynasty: string;
  reign: string;
  startYear: number;
  years: number;
}

// ---- reunion -------------------------------------------------------------------------------------

export const reunionInputSchema = z.object({
  /** Who is sought, as the registrant knows them. */
  soughtSurname: shortText('寻找对象的姓', 8).min(1, '请输入寻找对象的姓'),
  soughtName: shortText('寻找对象的名字', 16).default(''),
  soughtSex: z.enum(['male', 'female', 'unknown']).default('unknown'),
  relation: shortText('与您的关系', 16).min(1, '请填写与您的关系'),
  lostDate: treeDateSchema.nullish(),
  lostPlace: birthplaceSchema.nullish(),
  birthPlace: birthplaceSchema.nullish(),
  story: shortText('寻亲故事', 3000).min(10, '寻亲故事至少 10 个字'),
  photos: z.array(z.string().regex(GENEALOGY_PHOTO_URL, '照片不正确')).max(9, '最多 9 张照片').default([]),
  /** One of the caller's own tested persons, for gene-relative clues. */
  personId: z.string().min(1).nullish(),
  contactOpen: z.boolean().default(true),
});
export type ReunionInput = z.infer<typeof reunionInputSchema>;

export interface ReunionEntryView extends Omit<ReunionInput, 'personId'> {
  id: string;
  personId: string | null;
  personName: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ReunionClue {
  id: string;
  kind: 'relative' | 'surname-place';
  title: string;
  detail: string;
  /** Whether a private message can be opened for it now (§7.7 rules); else 暂未开放. */
  canContact: boolean;
}

/** Shown where contact is not allowed by the messaging rules. */
export const REUNION_CONTACT_CLOSED = '暂未开放：只有双方都关联了检测人且互为基因亲人时，才能通过私信联系';

/** §4 current family tree: the stored id (if still listed), else the user's own tree, else the first. */
export function pickCurrentTree<T extends { id: string; share: boolean }>(list: T[], storedId: string | null): T | null {
  return list.find((t) => t.id === storedId) ?? list.find((t) => !t.share) ?? list[0] ?? null;
}
