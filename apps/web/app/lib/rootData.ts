import type { Product, SiteConfig } from '@jiyin/contracts/api';
import type { DeviceInfo } from '@jiyin/contracts/device';
import type { SignKeys } from '@jiyin/contracts/signing';
import { useRouteLoaderData } from 'react-router';
import type { UserInfo } from './api/index.ts';

/** What the root loader gives every page: who is visiting, from where, and the header's products. */
export interface RootData {
  device: DeviceInfo;
  user: UserInfo | null;
  products: Product[];
  signKeys: SignKeys;
  /** The app's download and store links and the support contact (server configuration). */
  site: SiteConfig;
}

/** Absent only when the root loader itself failed (the root error boundary). */
export function useOptionalRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}

export function useRootData(): RootData {
  const data = useOptionalRootData();
  if (!data) throw new Error('root loader data missing');
  return data;
}
