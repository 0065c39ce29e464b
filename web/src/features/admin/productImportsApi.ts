/**
 * Product CSV imports as background jobs (functions/src/productImportJob.ts): starting one,
 * uploading its chunks and running or resuming it through callables; the job followed live while
 * its page is open, the recent jobs, and the rows a job refused, a page at a time.
 */
import { collection, doc, getDoc, getDocs, limit, orderBy, query, startAfter } from 'firebase/firestore/lite';
import {
  productImportJobFromData,
  refusedImportRowFromData,
  type ProductImportJob,
  type ProductImportJobInput,
  type ProductImportStatus,
  type RefusedImportRow,
  type StartProductImportInput,
  type UploadProductImportChunkInput,
} from '@harbor/domain';
import { api, queryResult } from '../../lib/api';
import { callFunction } from '../../lib/callable';
import { db } from '../../lib/firebase';
import { followLive } from '../../lib/followLive';

/** Jobs the imports list shows. */
export const RECENT_IMPORTS = 20;

const productImportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A job, null when there is none; kept up to date while its page is open, so its progress moves. */
    getProductImport: build.query<ProductImportJob | null, string>({
      queryFn: (jobId) =>
        queryResult(async () => {
          const snapshot = await getDoc(doc(db, 'productImports', jobId));
          return snapshot.exists() ? productImportJobFromData(snapshot.id, snapshot.data()) : null;
        }, 'The import could not be loaded. Please try again.'),
      onCacheEntryAdded: (jobId, lifecycle) =>
        followLive<ProductImportJob | null>(
          lifecycle,
          (live, onData, onError) =>
            live.onSnapshot(live.doc(live.liveDb, 'productImports', jobId), (snapshot) => onData(snapshot.exists() ? productImportJobFromData(snapshot.id, snapshot.data()) : null), onError),
          'The import stopped updating.',
        ),
    }),
    /** The latest jobs, newest first. */
    getProductImports: build.query<ProductImportJob[], void>({
      queryFn: () =>
        queryResult(async () => {
          const jobs = await getDocs(query(collection(db, 'productImports'), orderBy('createdAt', 'desc'), limit(RECENT_IMPORTS)));
          return jobs.docs.map((job) => productImportJobFromData(job.id, job.data()));
        }, 'The imports could not be loaded. Please try again.'),
      keepUnusedDataFor: 0,
    }),
    /** One page of a job's refused rows, by line, after `afterLine`. */
    getRefusedImportRows: build.query<RefusedImportRow[], { jobId: string; afterLine: number; pageSize: number }>({
      queryFn: ({ jobId, afterLine, pageSize }) =>
        queryResult(async () => {
          const rows = await getDocs(query(collection(db, 'productImports', jobId, 'refused'), orderBy('line'), startAfter(afterLine), limit(pageSize)));
          return rows.docs.map((row) => refusedImportRowFromData(row.data()));
        }, 'The refused rows could not be loaded. Please try again.'),
      keepUnusedDataFor: 0,
    }),
    startProductImport: build.mutation<{ jobId: string }, StartProductImportInput>({
      queryFn: (input) => queryResult(() => callFunction<StartProductImportInput, { jobId: string }>('startProductImport', input), 'The import could not be started. Please try again.'),
    }),
    uploadProductImportChunk: build.mutation<{ jobId: string; uploadedRows: number }, UploadProductImportChunkInput>({
      queryFn: (input) => queryResult(() => callFunction<UploadProductImportChunkInput, { jobId: string; uploadedRows: number }>('uploadProductImportChunk', input, { timeout: 120_000 }), 'Part of the file could not be uploaded. Please try again.'),
    }),
    /** Runs an uploaded job, or resumes a stopped one. */
    runProductImport: build.mutation<{ jobId: string; status: ProductImportStatus }, ProductImportJobInput>({
      queryFn: (input) => queryResult(() => callFunction<ProductImportJobInput, { jobId: string; status: ProductImportStatus }>('runProductImport', input), 'The import could not be started. Please try again.'),
      invalidatesTags: ['Product', 'Audit'],
    }),
  }),
});

export const {
  useGetProductImportQuery,
  useGetProductImportsQuery,
  useLazyGetRefusedImportRowsQuery,
  useGetRefusedImportRowsQuery,
  useStartProductImportMutation,
  useUploadProductImportChunkMutation,
  useRunProductImportMutation,
} = productImportsApi;
