import type { ApiTransport } from '@jiyin/contracts/api';
import type { Envelope } from '@jiyin/contracts/envelope';
import { type ActivityTopic, type ActivityView, FISSION_PATHS, type FissionMe } from '@jiyin/contracts/fission';
import { KIT_RESULT_PATHS, LAB_TYPE_SLUG, type LabResultInput, type LabResultView, type LabTestType } from '@jiyin/contracts/kitServices';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { RELATIVES_API_PATHS, type StaffHoldsView } from '@jiyin/contracts/relativesApi';
import type { OrderState } from '@jiyin/contracts/shop';
import {
  STAFF_PATHS,
  type StaffAuditEntry,
  type StaffExpeditedKit,
  type StaffKitView,
  type StaffOrderView,
  type StaffProductView,
  type StaffSessionView,
} from '@jiyin/contracts/staff';
import type { ActivityInput } from '@jiyin/contracts/fission';

/** §7.10 kit-service results, the referral campaign (§1 fission, §3 Activity) and the staff back office. */
export function kitServicesClient(api: ApiTransport) {
  const order = (path: string, id: string) => fillPattern(path, { id });
  return {
    kitResults: (type: LabTestType, personId: string): Promise<Envelope<{ list: LabResultView[] }>> =>
      api({ method: 'GET', path: fillPattern(KIT_RESULT_PATHS.list, { type: LAB_TYPE_SLUG[type] }), query: { personId } }),
    kitResult: (type: LabTestType, id: string): Promise<Envelope<LabResultView>> =>
      api({ method: 'GET', path: fillPattern(KIT_RESULT_PATHS.one, { type: LAB_TYPE_SLUG[type], id }) }),

    currentActivities: (topic: ActivityTopic = 'fission'): Promise<Envelope<{ list: ActivityView[] }>> =>
      api({ method: 'GET', path: FISSION_PATHS.current, query: { topic } }),
    activity: (id: string): Promise<Envelope<ActivityView>> => api({ method: 'GET', path: fillPattern(FISSION_PATHS.one, { id }) }),
    fissionMe: (): Promise<Envelope<FissionMe>> => api({ method: 'GET', path: FISSION_PATHS.me }),
    fissionInvite: (code: string): Promise<Envelope<{ inviterName: string; activity: ActivityView | null }>> =>
      api({ method: 'GET', path: FISSION_PATHS.invite, query: { code } }),
    acceptInvite: (code: string): Promise<Envelope<{ accepted: boolean; activity: ActivityView }>> =>
      api({ method: 'POST', path: FISSION_PATHS.accept, body: { code } }),

    staffSession: (): Promise<Envelope<StaffSessionView>> => api({ method: 'GET', path: STAFF_PATHS.session }),
    staffConfirm: (password: string): Promise<Envelope<{ confirmed: boolean }>> =>
      api({ method: 'POST', path: STAFF_PATHS.confirm, body: { password } }),
    staffOrders: (q: {
      state?: OrderState;
      page?: number;
    }): Promise<Envelope<{ list: StaffOrderView[]; total: number; page: number; size: number }>> =>
      api({ method: 'GET', path: STAFF_PATHS.orders, query: q }),
    staffShip: (id: string, barcodes: string[]): Promise<Envelope<StaffOrderView>> =>
      api({ method: 'POST', path: order(STAFF_PATHS.ship, id), body: { barcodes } }),
    staffMove: (id: string, to: 'bind' | 'done' | 'refund'): Promise<Envelope<StaffOrderView>> =>
      api({ method: 'POST', path: order(STAFF_PATHS[to], id) }),
    staffExpeditedKits: (): Promise<Envelope<{ list: StaffExpeditedKit[] }>> => api({ method: 'GET', path: STAFF_PATHS.expeditedKits }),
    staffKit: (barcode: string): Promise<Envelope<StaffKitView>> => api({ method: 'GET', path: fillPattern(STAFF_PATHS.kit, { barcode }) }),
    staffLabResult: (b: LabResultInput): Promise<Envelope<LabResultView>> => api({ method: 'POST', path: STAFF_PATHS.labResults, body: b }),
    staffProducts: (): Promise<Envelope<{ list: StaffProductView[] }>> => api({ method: 'GET', path: STAFF_PATHS.products }),
    staffEditProduct: (
      id: string,
      b: { online: boolean; stock: number | null },
    ): Promise<Envelope<{ id: string; online: boolean; stock: number | null }>> =>
      api({ method: 'PUT', path: fillPattern(STAFF_PATHS.product, { id }), body: b }),
    staffActivities: (): Promise<Envelope<{ list: ActivityView[] }>> => api({ method: 'GET', path: STAFF_PATHS.activities }),
    staffCreateActivity: (b: ActivityInput): Promise<Envelope<ActivityView>> =>
      api({ method: 'POST', path: STAFF_PATHS.activities, body: b }),
    /** Held genomes and paused accounts of gene relatives (the relatives domain's staff calls). */
    staffHolds: (): Promise<Envelope<StaffHoldsView>> => api({ method: 'GET', path: RELATIVES_API_PATHS.staffHolds }),
    staffRelease: (b: { barcode: string } | { userId: string }): Promise<Envelope<{ released: boolean }>> =>
      api({ method: 'POST', path: RELATIVES_API_PATHS.staffRelease, body: b }),
    staffAudit: (): Promise<Envelope<{ list: StaffAuditEntry[] }>> => api({ method: 'GET', path: STAFF_PATHS.audit }),
  };
}
