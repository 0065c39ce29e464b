import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo } from 'react';
import { taxRateFor, type BuyerTerms, type ContractPricing } from '@harbor/domain';
import { useAuth } from '../session';
import { useGetBuyerAccountQuery, type BuyerAccount } from './companyApi';

const NO_ACCOUNT: BuyerAccount = { company: null, contract: null };

/**
 * The signed-in user's company and contract prices. `loading` while they are read, and while a
 * stored sign-in is restored (a buyer's prices are not yet known then); a guest or a user without
 * a company has none.
 */
export function useBuyerAccount(): BuyerAccount & { loading: boolean } {
  const { status, user, profile } = useAuth();
  const companyId = user && profile?.companyId ? profile.companyId : null;
  const { currentData, isError } = useGetBuyerAccountQuery(companyId ?? skipToken);
  if (!user) return { ...NO_ACCOUNT, loading: status === 'loading' };
  if (!profile) return { ...NO_ACCOUNT, loading: true };
  if (!companyId || isError) return { ...NO_ACCOUNT, loading: false };
  return currentData ? { ...currentData, loading: false } : { ...NO_ACCOUNT, loading: true };
}

/** The contract prices the signed-in buyer pays, or null (a guest, no company, no contract): what every price shown goes through. */
export function useContractPricing(): ContractPricing | null {
  return useBuyerAccount().contract;
}

/**
 * How the signed-in buyer's cart or order is priced when shipped to `region`: its contract
 * prices, and the tax rate of that state (0 for a tax-exempt company).
 */
export function useBuyerTerms(region: string): BuyerTerms & { loading: boolean } {
  const { company, contract, loading } = useBuyerAccount();
  const taxExempt = company?.taxExempt ?? false;
  return useMemo(() => ({ contract, taxRateBasisPoints: taxRateFor(region, taxExempt), loading }), [contract, region, taxExempt, loading]);
}
