import { getDocs, query, where, type Firestore } from 'firebase/firestore/lite';
import { companyCollection } from '../../lib/converters/companyCollection';

/**
 * Companies named in one query of a sales rep's orders or quotes: the rules read each company
 * named to check that it is assigned to the rep now, and a query may make only 10 such reads
 * (the rep's profile is one of them).
 */
const COMPANIES_PER_QUERY = 8;

/**
 * The ids of the companies assigned to a sales rep now, in groups of at most COMPANIES_PER_QUERY:
 * its orders and quotes are asked a group at a time (`companyId in`), since a company handed to
 * another rep takes them along.
 */
export async function assignedCompanyGroups(db: Firestore, uid: string): Promise<string[][]> {
  const companies = await getDocs(query(companyCollection(db), where('salesRepUid', '==', uid)));
  const ids = companies.docs.map((company) => company.id);
  return Array.from({ length: Math.ceil(ids.length / COMPANIES_PER_QUERY) }, (_, index) => ids.slice(index * COMPANIES_PER_QUERY, (index + 1) * COMPANIES_PER_QUERY));
}
