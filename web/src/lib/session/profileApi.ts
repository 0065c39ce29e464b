import { emptyProfile, type Profile } from '@harbor/domain';
import { api, queryResult } from '../api';
import { profileConverter } from '../converters/profileConverter';
import { loadFirestore } from '../firestoreLoader';

/**
 * The signed-in user's profile (`users/{uid}`): every feature reads it (greeting, admin role,
 * checkout address), so it lives beside the session rather than in one feature.
 */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, string>({
      queryFn: (uid) =>
        queryResult(async () => {
          const { db, doc, getDoc } = await loadFirestore();
          const snapshot = await getDoc(doc(db, 'users', uid).withConverter(profileConverter));
          if (snapshot.exists()) return snapshot.data();
          console.warn(`Profile document users/${uid} is missing; treating the profile as empty.`);
          return emptyProfile;
        }, 'Your profile could not be loaded. Please try again.'),
      providesTags: (_result, _error, uid) => [{ type: 'Profile', id: uid }],
    }),
  }),
});

export const { useGetProfileQuery } = profileApi;
