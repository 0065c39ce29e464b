export { companyApi, useGetBuyerAccountQuery } from './companyApi';
export type { BuyerAccount } from './companyApi';
export { useBuyerAccount, useBuyerTerms, useContractPricing } from './useBuyerAccount';
