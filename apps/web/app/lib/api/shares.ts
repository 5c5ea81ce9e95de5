import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import type { ApiTransport } from '@jiyin/contracts/api';
import type { Envelope } from '@jiyin/contracts/envelope';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { type PersonShareView, SHARE_INVITE_PATHS, type ShareInvitationView } from '@jiyin/contracts/sharesApi';

/** Share invitations: the addressee's list, accept, decline; the owner's revoke; sharing a tested person. */
export function sharesClient(api: ApiTransport) {
  return {
    shareInvitations: (): Promise<Envelope<{ list: ShareInvitationView[] }>> => api({ method: 'GET', path: SHARE_INVITE_PATHS.mine }),
    acceptInvitation: (id: string): Promise<Envelope<{ kind: 'tree' | 'person'; treeId: string | null; personId: string | null }>> =>
      api({ method: 'POST', path: fillPattern(SHARE_INVITE_PATHS.accept, { id }) }),
    declineInvitation: (id: string): Promise<Envelope<null>> =>
      api({ method: 'POST', path: fillPattern(SHARE_INVITE_PATHS.decline, { id }) }),
    revokeInvitation: (id: string): Promise<Envelope<null>> => api({ method: 'DELETE', path: fillPattern(SHARE_INVITE_PATHS.one, { id }) }),
    personShares: (id: string): Promise<Envelope<{ list: PersonShareView[] }>> =>
      api({ method: 'GET', path: fillPattern(ACCOUNT_PATHS.personShares, { id }) }),
    sharePerson: (id: string, body: { nationCode: string; phoneNumber: string }): Promise<Envelope<{ notice: string }>> =>
      api({ method: 'POST', path: fillPattern(ACCOUNT_PATHS.personShares, { id }), body }),
    unsharePerson: (id: string, userId: string): Promise<Envelope<null>> =>
      api({ method: 'DELETE', path: fillPattern(ACCOUNT_PATHS.personShare, { id, userId }) }),
  };
}
