/**
 * Saved lists (`lists/{id}`), read and written by their owner under the rules: the product page
 * saves to them, the lists page edits them and puts them into the cart, so the endpoints live
 * here rather than in one feature.
 */
import type { Timestamp } from 'firebase/firestore/lite';
import { savedListFromData, type SavedList, type SavedListLine } from '@harbor/domain';
import { api, queryResult } from '../api';
import { loadFirestore } from '../firestoreLoader';

const LISTS_FAILURE = 'Your lists could not be loaded. Please try again.';
const SAVE_FAILURE = 'The list could not be saved. Please try again.';

export const listsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in buyer's lists, by name. */
    getMyLists: build.query<SavedList[], string>({
      queryFn: (uid) =>
        queryResult(async () => {
          const { collection, db, getDocs, query, where } = await loadFirestore();
          const snapshot = await getDocs(query(collection(db, 'lists'), where('ownerId', '==', uid)));
          const lists = snapshot.docs.map((entry) => savedListFromData(entry.id, entry.data(), (entry.get('updatedAt') as Timestamp | null)?.toMillis() ?? 0));
          return lists.sort((a, b) => a.name.localeCompare(b.name));
        }, LISTS_FAILURE),
      providesTags: ['List'],
    }),
    /** A new list; returns its id. */
    createList: build.mutation<string, { uid: string; name: string; lines: SavedListLine[] }>({
      queryFn: ({ uid, name, lines }) =>
        queryResult(async () => {
          const { collection, db, doc, serverTimestamp, setDoc } = await loadFirestore();
          const ref = doc(collection(db, 'lists'));
          await setDoc(ref, { ownerId: uid, name: name.trim(), lines, createdAt: serverTimestamp(), updatedAt: serverTimestamp() });
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
