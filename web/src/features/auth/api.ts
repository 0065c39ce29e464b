import { doc, getDoc, serverTimestamp, setDoc, updateDoc } from 'firebase/firestore/lite';
import { emptyAddress, type ProfileInput, type RegisterCompanyInput } from '@harbor/domain';
import { callFunction } from '../../lib/callable';
import { api, queryResult } from '../../lib/api';
import { loadAuth } from '../../lib/authLoader';
import { db } from '../../lib/firebase';

export interface Registration {
  name: string;
  company: string;
  email: string;
  password: string;
  /** The company application sent with the account. */
  application: RegisterCompanyInput;
}

/**
 * Creates the account, its profile document (never with a role or a company) and its company
 * application (pending until an administrator approves it); returns the new uid.
 */
export async function register({ name, company, email, password, application }: Registration): Promise<string> {
  const { auth, createUserWithEmailAndPassword, updateProfile } = await loadAuth();
  const { user } = await createUserWithEmailAndPassword(auth, email, password);
  await updateProfile(user, { displayName: name });
  await setDoc(doc(db, 'users', user.uid), {
    name,
    email,
    company,
    phone: '',
    shippingAddress: emptyAddress,
    createdAt: serverTimestamp(),
  });
  await callFunction('registerCompany', application);
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
