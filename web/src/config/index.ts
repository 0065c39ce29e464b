import { firestoreOrigin } from './firestoreOrigin';
import type { WebConfig } from './webConfig';

/** The validated settings of this build (see ./webConfig.ts and web/vite.config.ts). */
export const webConfig: WebConfig = __HARBOR_CONFIG__;

export { paths } from './paths';

/** Where this build reaches Firestore. */
export const FIRESTORE_ORIGIN = firestoreOrigin(webConfig);
