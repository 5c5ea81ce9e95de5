import type { ApiTransport } from '@jiyin/contracts/api';
import { EMBED_PATHS, type WechatSignView } from '@jiyin/contracts/embed';
import type { Envelope } from '@jiyin/contracts/envelope';
import { type LedgerFlow, WALLET_PATHS } from '@jiyin/contracts/wallet';

/** §7.8 balance calls, §7.5 the messaging app's signature and §7.11 the bridge's token exchange. */
export function embedClient(api: ApiTransport) {
  return {
    balanceAndLimit: (): Promise<Envelope<{ balance: number; minWithdrawal: number; maxWithdrawal: number }>> =>
      api({ method: 'GET', path: WALLET_PATHS.balanceAndLimit }),
    balanceFlows: (page = 1, size = 10): Promise<Envelope<{ list: LedgerFlow[]; total: number; page: number; size: number }>> =>
      api({ method: 'GET', path: WALLET_PATHS.flows, query: { page, size } }),
    withdraw: (b: {
      authCode: string;
      payeeAccount: string;
      payeeName: string;
      amount: number;
    }): Promise<Envelope<{ id: string; amount: number; state: string; balance: number }>> =>
      api({ method: 'POST', path: WALLET_PATHS.withdrawals, body: b }),
    wechatSign: (url: string): Promise<Envelope<WechatSignView>> => api({ method: 'GET', path: EMBED_PATHS.wechatSign, query: { url } }),
    wechatBind: (): Promise<Envelope<{ bound: boolean }>> => api({ method: 'POST', path: EMBED_PATHS.wechatBind }),
    exchangeBridgeToken: (token: string): Promise<Envelope<{ userId: string }>> =>
      api({ method: 'POST', path: EMBED_PATHS.bridgeExchange, body: { token } }),
  };
}
