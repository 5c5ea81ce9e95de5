import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account/routes.ts';
import { addressRoutes } from './addresses/routes.ts';
import { ancestryRoutes } from './ancestry/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { catalogRoutes } from './catalog/routes.ts';
import { communityRoutes } from './community/routes.ts';
import { contentRoutes } from './content/routes.ts';
import { couponRoutes } from './coupons/routes.ts';
import type { Deps } from './deps.ts';
import { embedRoutes } from './embed/routes.ts';
import { familyRoutes } from './families/routes.ts';
import { electronicReportRoutes } from './electronic-report/routes.ts';
import { fissionRoutes } from './fission/routes.ts';
import { geneClubRoutes } from './geneClub/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { importRoutes } from './imports/routes.ts';
import { kitResultRoutes } from './kitServices/routes.ts';
import { liveRoutes } from './live/routes.ts';
import { messageRoutes } from './messages/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { orderRoutes } from './orders/routes.ts';
import { serviceOrderRoutes } from './serviceOrders/routes.ts';
import { originRoutes } from './origin/routes.ts';
import { paymentRoutes } from './payments/routes.ts';
import { personRoutes } from './persons/routes.ts';
import { relativesRoutes } from './relatives/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { surnameRoutes } from './surnames/routes.ts';
import { staffBackOfficeRoutes } from './staff/routes.ts';
import { reunionRoutes } from './reunion/routes.ts';
import { shareInviteRoutes } from './shares/routes.ts';
import { treeRoutes } from './trees/routes.ts';
import { uploadRoutes } from './uploads/routes.ts';
import { userRoutes } from './users/routes.ts';
import { walletRoutes } from './wallet/routes.ts';

/** Every domain's API routes; mounted at the bare paths (apps) and under /proxy (pages). */
const DOMAINS = [
  healthRoutes,
  catalogRoutes,
  contentRoutes,
  authRoutes,
  userRoutes,
  personRoutes,
  addressRoutes,
  accountRoutes,
  uploadRoutes,
  reportRoutes,
  electronicReportRoutes,
  importRoutes,
  notificationRoutes,
  messageRoutes,
  liveRoutes,
  communityRoutes,
  geneClubRoutes,
  ancestryRoutes,
  originRoutes,
  surnameRoutes,
  familyRoutes,
  relativesRoutes,
  orderRoutes,
  serviceOrderRoutes,
  paymentRoutes,
  couponRoutes,
  walletRoutes,
  embedRoutes,
  kitResultRoutes,
  fissionRoutes,
  staffBackOfficeRoutes,
  treeRoutes,
  reunionRoutes,
  shareInviteRoutes,
];

export async function apiRoutes(app: FastifyInstance, deps: Deps) {
  for (const domain of DOMAINS) await app.register(domain, deps);
}
