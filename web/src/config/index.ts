import { firestoreOrigin } from './firestoreOrigin';
import type { WebConfig } from './webConfig';

/** The validated settings of this build (see ./webConfig.ts and web/vite.config.ts). */
export const webConfig: WebConfig = __HARBOR_CONFIG__;

export { paths } from './paths';
export { FUNCTIONS_REGION } from './connectOrigins';

/** Where this build reaches Firestore. */
export const FIRESTORE_ORIGIN = firestoreOrigin(webConfig);
