import type { Company, ContractPricing } from '@harbor/domain';
import { api, queryResult } from '../api';
import { companyConverter, contractConverter } from '../converters/companyConverter';
import { loadFirestore } from '../firestoreLoader';

/** A signed-in buyer's company and its contract prices; null when the user has none it may read. */
export interface BuyerAccount {
  company: Company | null;
  contract: ContractPricing | null;
}

/**
 * The signed-in buyer's company, read once and shared by every feature that shows a price or
 * checks out (catalog, product page, cart, quick order, checkout), so "what does this buyer pay"
 * has one source.
 */
export const companyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBuyerAccount: build.query<BuyerAccount, string>({
      queryFn: (companyId) =>
        queryResult(async () => {
          const { db, doc, getDoc } = await loadFirestore();
          const [company, contract] = await Promise.all([
            getDoc(doc(db, 'companies', companyId).withConverter(companyConverter)),
            getDoc(doc(db, 'companies', companyId, 'private', 'pricing').withConverter(contractConverter)),
          ]);
          return { company: company.data() ?? null, contract: contract.data() ?? null };
        }, 'Your company account could not be loaded. Please try again.'),
      providesTags: (_result, _error, companyId) => [{ type: 'Company', id: companyId }],
    }),
  }),
});

export const { useGetBuyerAccountQuery } = companyApi;
