import type { PageLoadContext } from '@jiyin/contracts/api';

// The server passes PageLoadContext to every loader (apps/server/src/pages/routes.ts).
declare module 'react-router' {
  interface AppLoadContext extends PageLoadContext {}
}
