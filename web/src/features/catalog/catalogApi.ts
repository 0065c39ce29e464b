import { collection, getDocs, limit, orderBy, query, where } from 'firebase/firestore/lite';
import type { Product } from '@harbor/domain';
import { api } from '../../app/api';
import { db } from '../../app/firebase';
import { toProduct } from './productMapping';

export const CATALOG_PAGE_SIZE = 24;

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCatalogPage: build.query<Product[], void>({
      async queryFn() {
        try {
          const snapshot = await getDocs(
            query(collection(db, 'products'), where('active', '==', true), orderBy('name'), limit(CATALOG_PAGE_SIZE)),
          );
          return { data: snapshot.docs.map(toProduct) };
        } catch (error) {
          console.error('Loading the catalog failed.', error);
          return { error: { message: 'The catalog could not be loaded. Please try again.' } };
        }
      },
      providesTags: ['Product'],
    }),
  }),
});

export const { useGetCatalogPageQuery } = catalogApi;
