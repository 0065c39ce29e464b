import { companyFromData, contractFromData, staffNotesFromData, type Company, type CompanyStaffNotes, type ContractPricing } from '@harbor/domain';
import { readerConverter } from './readerConverter';

/** `companies/{id}` documents as the domain reads them. */
export const companyConverter = readerConverter<Company>(companyFromData);
/** `companies/{id}/private/pricing`: the company's contract prices. */
export const contractConverter = readerConverter<ContractPricing>((_id, data) => contractFromData(data));
/** `companies/{id}/staff/notes`: what the staff keep about the company, which its members never read. */
export const staffNotesConverter = readerConverter<CompanyStaffNotes>((_id, data) => staffNotesFromData(data));
