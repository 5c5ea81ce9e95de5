import { z } from 'zod';

/** §3 Activity picture. */
export interface ActivityPic {
  url: string;
  title: string;
}

/** §3 Activity and §9: an activity passes its check only with exactly 3 pictures. */
export const ACTIVITY_PIC_COUNT = 3;
export function activityCheckPass(a: { picInfos: unknown[] }): boolean {
  return a.picInfos.length === ACTIVITY_PIC_COUNT;
}

export const ACTIVITY_TOPICS = ['fission', 'hearing', 'sleep'] as const;
export type ActivityTopic = (typeof ACTIVITY_TOPICS)[number];
export const ACTIVITY_TOPIC_LABELS: Record<ActivityTopic, string> = { fission: '邀请有礼', hearing: '听力关爱', sleep: '睡眠关爱' };

/** §3 Activity as pages read it: dates, the server's now, and its pictures. */
export interface ActivityView {
  id: string;
  topic: ActivityTopic;
  title: string;
  description: string;
  rules: string;
  rewardAmount: number;
  picInfos: ActivityPic[];
  startDate: string;
  endDate: string;
  now: string;
  createAt: string;
  params: { activityStartTime: string; activityEndTime: string };
  checkPass: boolean;
}

/** Pictures are our own uploads or the site's static files, never a third-party address. */
const picUrl = z
  .string({ error: '请上传图片' })
  .trim()
  .regex(/^\/(uploads|static)\/[\w./-]{1,200}\.(png|jpg|jpeg|svg|webp)$/, '图片地址须为本站上传的图片');

export const activitySchema = z
  .object({
    topic: z.enum(ACTIVITY_TOPICS, { error: '请选择活动类型' }),
    title: z.string({ error: '请填写活动名称' }).trim().min(2, '请填写活动名称').max(40, '活动名称最多 40 个字'),
    description: z.string({ error: '请填写活动介绍' }).trim().min(2, '请填写活动介绍').max(1000),
    rules: z.string({ error: '请填写活动规则' }).trim().min(2, '请填写活动规则').max(3000),
    rewardAmount: z.number({ error: '请填写奖励金额' }).int('金额以分为单位，须为整数').min(0).max(100_000, '单笔奖励最多 1000 元'),
    picInfos: z
      .array(z.object({ url: picUrl, title: z.string().trim().max(30).default('') }))
      .length(ACTIVITY_PIC_COUNT, `活动图片须正好 ${ACTIVITY_PIC_COUNT} 张`),
    startDate: z.iso.datetime({ offset: true, error: '开始时间格式不正确' }),
    endDate: z.iso.datetime({ offset: true, error: '结束时间格式不正确' }),
  })
  .refine((v) => Date.parse(v.endDate) > Date.parse(v.startDate), { message: '结束时间须晚于开始时间', path: ['endDate'] });
export type ActivityInput = z.infer<typeof activitySchema>;

export const inviteCodeSchema = z.object({
  code: z
    .string({ error: '请输入邀请码' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{8}$/, '邀请码为 8 位字母或数字'),
});

/** The inviter's page: their code, whom they invited, what they earned. */
export interface FissionMe {
  code: string;
  invitees: { name: string; joinedAt: string }[];
  rewards: { amount: number; inviteeName: string; createdAt: string }[];
  rewardTotal: number;
  /** Who invited the caller, if anyone (masked). */
  invitedBy: string | null;
}

export const FISSION_PATHS = {
  /** GET ?topic= : the activities running now (§7.4 current-activity list, data.list). */
  current: '/v1/activity/current',
  /** GET every activity, newest first (§7.4 all-activity list). */
  all: '/v1/activity/all',
  /** GET one activity. */
  one: '/v1/activity/:id',
  /** GET the caller's invitation code, invitees and rewards. */
  me: '/v1/fission/me',
  /** GET ?code= : the inviter's masked name for the invitee's landing page (no sign-in needed). */
  invite: '/v1/fission/invite',
  /** POST {code}: the caller accepts an invitation. */
  accept: '/v1/fission/accept',
} as const;
