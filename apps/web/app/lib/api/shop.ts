import type { ApiTransport } from '@jiyin/contracts/api';
import type { Envelope } from '@jiyin/contracts/envelope';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import {
  type CouponStatus,
  type CouponView,
  type InvoiceInfo,
  type OrderView,
  type PayResult,
  type PayStart,
  type PayType,
  type RetrievedOrder,
  SHOP_PATHS,
  type ServiceKind,
  type ServiceKitOffer,
} from '@jiyin/contracts/shop';

/** §7.8 prices, orders and payments. */
export function shopClient(api: ApiTransport) {
  const id = (path: string, orderId: string) => fillPattern(path, { id: orderId });
  return {
    createOrder: (b: {
      productId: string;
      sku: string;
      count: number;
      addressId: string;
      couponId?: string;
      idempotencyKey: string;
    }): Promise<Envelope<OrderView>> => api({ method: 'POST', path: SHOP_PATHS.createOrder, body: b }),
    serviceOffers: (kind: ServiceKind): Promise<Envelope<{ list: ServiceKitOffer[]; yfullOwner: boolean }>> =>
      api({ method: 'GET', path: fillPattern(SHOP_PATHS.serviceOffers, { kind }) }),
    createServiceOrder: (kind: ServiceKind, b: { barcode: string; idempotencyKey: string }): Promise<Envelope<OrderView>> =>
      api({ method: 'POST', path: fillPattern(SHOP_PATHS.serviceOrder, { kind }), body: b }),
    orders: (page = 1, size = 10): Promise<Envelope<{ list: OrderView[]; total: number; page: number; size: number }>> =>
      api({ method: 'GET', path: SHOP_PATHS.orders, query: { page, size } }),
    order: (orderId: string): Promise<Envelope<OrderView>> => api({ method: 'GET', path: id(SHOP_PATHS.order, orderId) }),
    setOrderStatus: (orderId: string, status: 'cancelled' | 'hidden'): Promise<Envelope<OrderView>> =>
      api({ method: 'PUT', path: id(SHOP_PATHS.orderStatus, orderId), body: { status } }),
    requestInvoice: (orderId: string, b: InvoiceInfo): Promise<Envelope<OrderView>> =>
      api({ method: 'PUT', path: id(SHOP_PATHS.orderInvoice, orderId), body: b }),
    payTypes: (): Promise<Envelope<{ list: PayType[] }>> => api({ method: 'GET', path: SHOP_PATHS.payTypes }),
    pay: (orderId: string, payType: PayType): Promise<Envelope<PayStart>> =>
      api({ method: 'POST', path: id(SHOP_PATHS.pay, orderId), body: { payType } }),
    devPaySimulate: (paymentId: string, result: PayResult): Promise<Envelope<{ outcome: string }>> =>
      api({ method: 'POST', path: fillPattern(SHOP_PATHS.devPaySimulate, { paymentId }), body: { result } }),
    retrieveOrders: (b: { nationCode: string; phoneNumber: string; authCode: string }): Promise<Envelope<{ list: RetrievedOrder[] }>> =>
      api({ method: 'POST', path: SHOP_PATHS.retrieveOrders, body: b }),
    coupons: (status?: CouponStatus): Promise<Envelope<{ list: CouponView[] }>> =>
      api({ method: 'GET', path: SHOP_PATHS.coupons, query: { status } }),
    redeemCoupon: (code: string): Promise<Envelope<CouponView>> => api({ method: 'POST', path: SHOP_PATHS.couponRedeem, body: { code } }),
    /** The caller's coupons usable on this purchase, best first, with what each takes off. */
    recommendCoupons: (b: {
      productId: string;
      sku: string;
      count: number;
    }): Promise<Envelope<{ list: (CouponView & { discount: number })[] }>> =>
      api({ method: 'POST', path: SHOP_PATHS.couponRecommend, body: b }),
  };
}
