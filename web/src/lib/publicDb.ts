import { FIRESTORE_ORIGIN, webConfig } from '../config';
import type { RestDatabase } from './firestoreRest';

/**
 * The database as anyone may read it, over the REST API (./firestoreRest): the catalog and the
 * products of a cart. Signed-in reads go through the SDK (`db` in ./firebase).
 */
export const publicDb: RestDatabase = { origin: FIRESTORE_ORIGIN, projectId: webConfig.firebase.projectId };
