import {
  ACCOUNT_PATHS,
  type Birthday,
  type Birthplace,
  type CancelState,
  type CancelType,
  type DeliveryAddressInput,
  type DeliveryAddressView,
  type PersonView,
  type PrivacyFeature,
  type SmsPurpose,
} from '@jiyin/contracts/accounts';
import { API_PATHS, type ApiTransport } from '@jiyin/contracts/api';
import type { Envelope } from '@jiyin/contracts/envelope';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import type { UserInfo } from './index.ts';

export interface RegionNode {
  code: string;
  name: string;
  children?: RegionNode[];
}

export interface PersonInputBody {
  name: string;
  gender: 'male' | 'female';
  birthday?: Birthday | null;
  birthplace?: Birthplace | null;
}

type Phone = { phoneNumber: string; nationCode: string };

/** The account calls of §7.2 and §7.6 as the pages make them. */
export function accountsClient(api: ApiTransport) {
  return {
    isRegistered: (p: Phone): Promise<Envelope<{ registered: boolean }>> =>
      api({ method: 'GET', path: ACCOUNT_PATHS.isRegistered, query: p }),
    sendSmsCode: (p: {
      phoneNumber?: string;
      nationCode: string;
      verifyType: SmsPurpose;
      neCaptcha: string;
    }): Promise<Envelope<{ expiresIn: number }>> =>
      api({
        method: 'POST',
        path: ACCOUNT_PATHS.sendSmsCode,
        body: { phone: p.phoneNumber, nationCode: p.nationCode, verifyType: p.verifyType, neCaptcha: p.neCaptcha },
      }),
    checkAuthCode: (p: Phone & { authCode: string; verifyType: SmsPurpose }): Promise<Envelope<{ valid: boolean }>> =>
      api({ method: 'GET', path: ACCOUNT_PATHS.checkAuthCode, query: p }),
    signup: (
      b: Phone & { authCode: string; password?: string; name: string; avatar?: UserInfo['avatarUrl']; isWechat: boolean },
    ): Promise<Envelope<{ userId: string }>> => api({ method: 'POST', path: ACCOUNT_PATHS.signup, body: b }),
    signin: (b: Phone & ({ password: string } | { authCode: string })): Promise<Envelope<{ userId: string }>> =>
      api({ method: 'POST', path: ACCOUNT_PATHS.signin, body: b }),
    resetPassword: (b: Phone & { authCode: string; password: string }): Promise<Envelope<null>> =>
      api({ method: 'POST', path: ACCOUNT_PATHS.resetPassword, body: b }),
    changePassword: (b: { oldPassword?: string; authCode?: string; password: string }): Promise<Envelope<UserInfo>> =>
      api({ method: 'PUT', path: ACCOUNT_PATHS.changePassword, body: b }),
    checkUserName: (name: string): Promise<Envelope<{ succeeded: boolean; errors: string[] }>> =>
      api({ method: 'GET', path: ACCOUNT_PATHS.checkUserName, query: { name } }),
    updateUserInfo: (b: { name?: string; avatar?: UserInfo['avatarUrl'] }): Promise<Envelope<UserInfo>> =>
      api({ method: 'PUT', path: API_PATHS.userInfo, body: b }),
    auditLog: (): Promise<Envelope<{ list: { action: string; ip: string | null; userAgent: string | null; createdAt: string }[] }>> =>
      api({ method: 'GET', path: ACCOUNT_PATHS.auditLog }),
    persons: (): Promise<Envelope<{ list: PersonView[] }>> => api({ method: 'GET', path: ACCOUNT_PATHS.persons }),
    createPerson: (b: PersonInputBody): Promise<Envelope<PersonView>> => api({ method: 'POST', path: ACCOUNT_PATHS.persons, body: b }),
    updatePerson: (id: string, b: PersonInputBody): Promise<Envelope<PersonView>> =>
      api({ method: 'PUT', path: fillPattern(ACCOUNT_PATHS.person, { id }), body: b }),
    deletePerson: (id: string): Promise<Envelope<null>> => api({ method: 'DELETE', path: fillPattern(ACCOUNT_PATHS.person, { id }) }),
    bindKit: (id: string, barcode: string): Promise<Envelope<PersonView>> =>
      api({ method: 'POST', path: fillPattern(ACCOUNT_PATHS.personKits, { id }), body: { barcode } }),
    setPrivacy: (id: string, feature: PrivacyFeature, open: boolean): Promise<Envelope<PersonView>> =>
      api({ method: 'PUT', path: fillPattern(ACCOUNT_PATHS.personPrivacy, { id }), body: { feature, open } }),
    regions: (): Promise<Envelope<{ list: RegionNode[] }>> => api({ method: 'GET', path: ACCOUNT_PATHS.regions }),
    addresses: (): Promise<Envelope<{ list: DeliveryAddressView[] }>> => api({ method: 'GET', path: ACCOUNT_PATHS.deliveryAddresses }),
    saveAddress: (b: DeliveryAddressInput, id?: string): Promise<Envelope<DeliveryAddressView>> =>
      id
        ? api({ method: 'PUT', path: fillPattern(ACCOUNT_PATHS.deliveryAddress, { id }), body: b })
        : api({ method: 'POST', path: ACCOUNT_PATHS.deliveryAddresses, body: b }),
    deleteAddress: (id: string): Promise<Envelope<null>> =>
      api({ method: 'DELETE', path: fillPattern(ACCOUNT_PATHS.deliveryAddress, { id }) }),
    cancelState: (): Promise<Envelope<CancelState>> => api({ method: 'GET', path: ACCOUNT_PATHS.accountCancel }),
    applyCancel: (b: { type: CancelType; barcodes: string[] }): Promise<Envelope<CancelState>> =>
      api({ method: 'POST', path: ACCOUNT_PATHS.accountCancelApplication, body: b }),
    confirmCancel: (authCode: string): Promise<Envelope<null>> =>
      api({ method: 'DELETE', path: ACCOUNT_PATHS.accountCancel, body: { authCode } }),
    /** §7.3: png/jpg/jpeg as multipart field `file`; answers the stored picture's URL. */
    uploadImage: (
      file: Blob,
      fileName: string,
      type: 'avatar' | 'community_chat' | 'family' | 'community' | 'genealogy',
    ): Promise<Envelope<{ uploadUrl: string }>> => {
      const form = new FormData();
      form.append('file', file, fileName);
      return api({ method: 'POST', path: ACCOUNT_PATHS.uploadImage, query: { type }, body: form });
    },
  };
}
