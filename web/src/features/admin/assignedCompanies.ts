import { getDocs, query, where, type DocumentData, type Firestore, type Query } from 'firebase/firestore/lite';
import { companyCollection } from '../../lib/converters/companyCollection';

/**
 * Companies named in one query of a sales rep's orders, quotes or returns: the rules read each
 * company named to check that it is assigned to the rep now, and a query may make only 10 such
 * reads (the rep's profile is one of them).
 */
const COMPANIES_PER_QUERY = 8;

/** Whose documents a back-office list reads: every company's (null), or those of these companies, in groups of ids one query may name. */
export type CompanyScope = string[][] | null;

/**
 * The ids of the companies assigned to a sales rep now, in groups of at most COMPANIES_PER_QUERY:
 * its orders, quotes and returns are asked a group at a time (`companyId in`), since a company
 * handed to another rep takes them along.
 */
export async function assignedCompanyGroups(db: Firestore, uid: string): Promise<string[][]> {
  const companies = await getDocs(query(companyCollection(db), where('salesRepUid', '==', uid)));
  const ids = companies.docs.map((company) => company.id);
  return Array.from({ length: Math.ceil(ids.length / COMPANIES_PER_QUERY) }, (_, index) => ids.slice(index * COMPANIES_PER_QUERY, (index + 1) * COMPANIES_PER_QUERY));
}

/** Whose documents a list shows: every company's, or those of the companies assigned to a sales rep now (`assignedTo`, its uid). */
export async function companyScope(db: Firestore, assignedTo: string | null): Promise<CompanyScope> {
  return assignedTo === null ? null : assignedCompanyGroups(db, assignedTo);
}

/** The queries that together read a collection in scope: the collection itself, or one query per group of companies. */
export function scopedQueries<Row, Stored extends DocumentData>(collection: Query<Row, Stored>, scope: CompanyScope): Query<Row, Stored>[] {
  return scope === null ? [collection] : scope.map((companyIds) => query(collection, where('companyId', 'in', companyIds)));
}
