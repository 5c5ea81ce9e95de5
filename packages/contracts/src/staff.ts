import { z } from 'zod';
import type { LabResultView } from './kitServices.ts';
import { ORDER_STATES, type OrderView } from './shop.ts';

/**
 * The staff back office (§1, issue scope 8): its own sign-in policy (a session no older than
 * STAFF_SESSION_MAX_HOURS, the password re-entered every STAFF_CONFIRM_MINUTES), and every action
 * in the audit log.
 */
export const STAFF_PATHS = {
  /** GET: whether the caller is staff and has confirmed recently. */
  session: '/v1/staff/session',
  /** POST {password}: re-enter the password to open the back office. */
  confirm: '/v1/staff/confirm',
  /** GET ?state=&page=&size= : every customer's orders. */
  orders: '/v1/staff/orders',
  /** POST {barcodes}: paid → shipped, the kits sent with it. */
  ship: '/v1/staff/orders/:id/ship',
  /** POST: shipped → bound (one of its kits is bound to a person). */
  bind: '/v1/staff/orders/:id/bind',
  /** POST: bound → done (pays a referral reward if the buyer was invited). */
  done: '/v1/staff/orders/:id/done',
  /** POST: paid → refunded. */
  refund: '/v1/staff/orders/:id/refund',
  /** GET one kit: product, order, bound person, lab result. */
  kit: '/v1/staff/kits/:barcode',
  /** GET the lab's priority queue: kits with a paid speed package (加急) and no report yet, oldest payment first. */
  expeditedKits: '/v1/staff/kits',
  /** POST a lab result for a bound kit (replaces an earlier one). */
  labResults: '/v1/staff/lab-results',
  /** GET the catalogue with stock and listing. */
  products: '/v1/staff/products',
  /** PUT {online, stock}. */
  product: '/v1/staff/products/:id',
  /** GET all, POST a new activity (§3 Activity). */
  activities: '/v1/staff/activities',
  /** GET the staff actions of the audit log, newest first. */
  audit: '/v1/staff/audit',
} as const;

export interface StaffSessionView {
  name: string;
  /** Re-entered the password within the confirm window. */
  confirmed: boolean;
  confirmedUntil: string | null;
  confirmMinutes: number;
}

export const staffConfirmSchema = z.object({ password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128) });

export const staffOrdersQuery = z.object({
  state: z.enum(ORDER_STATES, { error: '未知的订单状态' }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(20),
});

export interface StaffOrderView extends OrderView {
  buyerPhone: string;
  barcodes: string[];
}

export const shipSchema = z.object({
  barcodes: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}\d{10}$/, '条码格式不正确，应为 2 位字母加 10 位数字'),
    )
    .min(1, '请填写寄出的采样盒条码')
    .max(10)
    .refine((b) => new Set(b).size === b.length, '条码不能重复'),
});

export interface StaffKitView {
  barcode: string;
  productId: string;
  productName: string;
  orderId: string | null;
  person: { id: string; name: string } | null;
  boundAt: string | null;
  /** A paid speed package (加急): the lab handles this kit first. */
  expeditedAt: string | null;
  result: LabResultView | null;
}

/** A kit in the lab's priority queue (no person name: the lab works by barcode). */
export interface StaffExpeditedKit {
  barcode: string;
  productName: string;
  expeditedAt: string;
}

export interface StaffProductView {
  id: string;
  name: string;
  commodityTag: string;
  price: number;
  online: boolean;
  stock: number | null;
}

export const productEditSchema = z.object({
  online: z.boolean({ error: '请选择是否上架' }),
  stock: z.number({ error: '库存须为数字' }).int('库存须为整数').min(0, '库存不能为负').max(1_000_000).nullable(),
});

export interface StaffAuditEntry {
  id: string;
  staffName: string;
  action: string;
  actionLabel: string;
  detail: Record<string, unknown> | null;
  createdAt: string;
}
