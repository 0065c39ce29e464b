import { companyFromData, contractFromData, type Company, type ContractPricing } from '@harbor/domain';
import { readerConverter } from './readerConverter';

/** `companies/{id}` documents as the domain reads them. */
export const companyConverter = readerConverter<Company>(companyFromData);
/** `companies/{id}/private/pricing`: the company's contract prices. */
export const contractConverter = readerConverter<ContractPricing>((_id, data) => contractFromData(data));
