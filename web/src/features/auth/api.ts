import { emptyAddress, type ProfileInput } from '@harbor/domain';
import { api, queryResult } from '../../lib/api';
import { loadAuth } from '../../lib/authLoader';
import { loadFirestore } from '../../lib/firestoreLoader';

export interface Registration {
  name: string;
  company: string;
  email: string;
  password: string;
}

/** Creates the account and its profile document (never with a role); returns the new uid. */
export async function register({ name, company, email, password }: Registration): Promise<string> {
  const { auth, createUserWithEmailAndPassword, updateProfile } = await loadAuth();
  const { user } = await createUserWithEmailAndPassword(auth, email, password);
  await updateProfile(user, { displayName: name });
  const { db, doc, serverTimestamp, setDoc } = await loadFirestore();
  await setDoc(doc(db, 'users', user.uid), {
    name,
    email,
    company,
    phone: '',
    shippingAddress: emptyAddress,
    createdAt: serverTimestamp(),
  });
  return user.uid;
}

export async function login(email: string, password: string): Promise<void> {
  const { auth, signInWithEmailAndPassword } = await loadAuth();
  await signInWithEmailAndPassword(auth, email, password);
}

export async function logout(): Promise<void> {
  const { auth, signOut } = await loadAuth();
  await signOut(auth);
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Saves the fields a user may edit on its own profile (never `role`). */
    saveProfile: build.mutation<null, { uid: string; email: string; input: ProfileInput }>({
      queryFn: ({ uid, email, input }) =>
        queryResult(async () => {
          const { db, doc, getDoc, serverTimestamp, setDoc, updateDoc } = await loadFirestore();
          const ref = doc(db, 'users', uid);
          if ((await getDoc(ref)).exists()) await updateDoc(ref, { ...input, updatedAt: serverTimestamp() });
          else await setDoc(ref, { ...input, email, createdAt: serverTimestamp() });
          return null;
        }, 'Your profile could not be saved. Please try again.'),
      invalidatesTags: (_result, _error, { uid }) => [{ type: 'Profile', id: uid }],
    }),
  }),
});

export const { useSaveProfileMutation } = authApi;
