/**
 * Saved lists (`lists/{id}`), written by their owner under the rules and read by the owner and,
 * when the owner belongs to a company, by its members: the product page and the catalog save to
 * them, the lists page edits them and puts them into the cart, so the endpoints live here rather
 * than in one feature.
 */
import { useMemo } from 'react';
import type { Timestamp } from 'firebase/firestore/lite';
import { savedListFromData, type SavedList, type SavedListLine } from '@harbor/domain';
import { api, queryResult } from '../api';
import { loadFirestore } from '../firestoreLoader';
import { useAuth } from '../session';

/** Who reads lists: the signed-in user and its company (null for none). */
export interface ListReader {
  uid: string;
  companyId: string | null;
}

const LISTS_FAILURE = 'Your lists could not be loaded. Please try again.';
const SAVE_FAILURE = 'The list could not be saved. Please try again.';

export const listsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in buyer's lists and those its company's members saved, by name. */
    getMyLists: build.query<SavedList[], ListReader>({
      queryFn: ({ uid, companyId }) =>
        queryResult(async () => {
          const { collection, db, getDocs, query, where } = await loadFirestore();
          const lists = collection(db, 'lists');
          const snapshots = await Promise.all([getDocs(query(lists, where('ownerId', '==', uid))), ...(companyId ? [getDocs(query(lists, where('companyId', '==', companyId)))] : [])]);
          const byId = new Map(snapshots.flatMap((snapshot) => snapshot.docs).map((entry) => [entry.id, savedListFromData(entry.id, entry.data(), (entry.get('updatedAt') as Timestamp | null)?.toMillis() ?? 0)]));
          return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
        }, LISTS_FAILURE),
      providesTags: ['List'],
    }),
    /** A new list, shared with the owner's company if it has one; returns its id. */
    createList: build.mutation<string, ListReader & { name: string; lines: SavedListLine[] }>({
      queryFn: ({ uid, companyId, name, lines }) =>
        queryResult(async () => {
          const { collection, db, doc, serverTimestamp, setDoc } = await loadFirestore();
          const ref = doc(collection(db, 'lists'));
          await setDoc(ref, { ownerId: uid, ...(companyId ? { companyId } : {}), name: name.trim(), lines, createdAt: serverTimestamp(), updatedAt: serverTimestamp() });
          return ref.id;
        }, SAVE_FAILURE),
      invalidatesTags: ['List'],
    }),
    saveListLines: build.mutation<null, { id: string; lines: SavedListLine[] }>({
      queryFn: ({ id, lines }) =>
        queryResult(async () => {
          const { db, doc, serverTimestamp, updateDoc } = await loadFirestore();
          await updateDoc(doc(db, 'lists', id), { lines, updatedAt: serverTimestamp() });
          return null;
        }, SAVE_FAILURE),
      invalidatesTags: ['List'],
    }),
    deleteList: build.mutation<null, string>({
      queryFn: (id) =>
        queryResult(async () => {
          const { db, deleteDoc, doc } = await loadFirestore();
          await deleteDoc(doc(db, 'lists', id));
          return null;
        }, 'The list could not be deleted. Please try again.'),
      invalidatesTags: ['List'],
    }),
  }),
});

export const { useGetMyListsQuery, useCreateListMutation, useSaveListLinesMutation, useDeleteListMutation } = listsApi;

/** The signed-in user as a reader of lists, or null for a guest. */
export function useListReader(): ListReader | null {
  const { user, profile } = useAuth();
  return useMemo(() => (user ? { uid: user.uid, companyId: profile?.companyId || null } : null), [user, profile?.companyId]);
}
