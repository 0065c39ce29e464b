import { collection, doc, getDoc, getDocs, limit, orderBy, query, where } from 'firebase/firestore/lite';
import { limitsOf, millisOf, staffNotesPath, type Company, type CompanyStatus, type ContractPricing, type MemberRole, type Order, type SpendingLimits, type UpdateCompanyInput } from '@harbor/domain';
import { api, queryResult } from '../../lib/api';
import { callFunction } from '../../lib/callable';
import { companyCollection } from '../../lib/converters/companyCollection';
import { contractConverter, staffNotesConverter } from '../../lib/converters/companyConverter';
import { orderCollection } from '../../lib/converters/orderConverter';
import { readDocument } from '../../lib/documents';
import { db } from '../../lib/firebase';
import { readPage, type ListOrder, type Page, type PagePosition } from '../../lib/pagination';

const CUSTOMERS_PAGE_SIZE = 20;
/** Companies listed by name (stored lower-case for search and sorting). */
const BY_NAME: ListOrder = { field: 'nameLower', direction: 'asc', kind: 'text' };

interface CustomerPageArgs {
  status: CompanyStatus | '';
  search: string;
  position: PagePosition;
  /** A sales rep's uid: only the companies assigned to it (the rules let it list no others). */
  assignedTo: string | null;
}

export interface CustomerMember {
  uid: string;
  role: MemberRole;
  limits: SpendingLimits;
  name: string;
  email: string;
}

export interface HistoryEntry {
  id: string;
  at: number;
  by: string;
  field: string;
  from: unknown;
  to: unknown;
}

export interface CustomerDetail {
  company: Company;
  contract: ContractPricing | null;
  /** The staff's internal note (`companies/{id}/staff/notes`), '' for none. */
  note: string;
  members: CustomerMember[];
  orders: Order[];
  history: HistoryEntry[];
}

/** Companies whose name starts with the search (any case), of a status or all, a page at a time. */
function customerPage({ status, search, position, assignedTo }: CustomerPageArgs): Promise<Page<Company>> {
  const prefix = search.trim().toLowerCase();
  const filters = [
    ...(assignedTo ? [where('salesRepUid', '==', assignedTo)] : []),
    ...(status ? [where('status', '==', status)] : []),
    ...(prefix ? [where('nameLower', '>=', prefix), where('nameLower', '<', `${prefix}\uf8ff`)] : []),
  ];
  return readPage(query(companyCollection(db), ...filters), { order: BY_NAME, cursor: position.cursor, direction: position.direction, pageSize: CUSTOMERS_PAGE_SIZE });
}

async function customerDetail(companyId: string): Promise<CustomerDetail | null> {
  const company = await readDocument(companyCollection(db), companyId);
  if (!company) return null;
  // Members as the company records them (profiles are private to their user and admins).
  const members = Object.entries(company.members).map(([uid, role]) => ({ uid, role, limits: limitsOf(company, uid), ...(company.memberDetails[uid] ?? { name: '', email: '' }) }));
  const [contract, staffNotes, orders, history] = await Promise.all([
    getDoc(doc(db, 'companies', companyId, 'private', 'pricing').withConverter(contractConverter)),
    getDoc(doc(db, staffNotesPath(companyId)).withConverter(staffNotesConverter)),
    getDocs(query(orderCollection(db), where('companyId', '==', companyId), orderBy('createdAt', 'desc'), limit(20))),
    getDocs(query(collection(db, 'companies', companyId, 'history'), orderBy('at', 'desc'), limit(30))),
  ]);
  return {
    company,
    contract: contract.data() ?? null,
    note: staffNotes.data()?.note ?? '',
    members,
    orders: orders.docs.map((order) => order.data()),
    history: history.docs.map((entry) => {
      const data = entry.data();
      return { id: entry.id, at: millisOf(data.at), by: String(data.by ?? ''), field: String(data.field ?? ''), from: data.from, to: data.to };
    }),
  };
}

const customersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCustomers: build.query<Page<Company>, CustomerPageArgs>({
      queryFn: (args) => queryResult(() => customerPage(args), 'The customers could not be loaded. Please try again.'),
      providesTags: ['Company'],
    }),
    getCustomer: build.query<CustomerDetail | null, string>({
      queryFn: (companyId) => queryResult(() => customerDetail(companyId), 'The customer could not be loaded. Please try again.'),
      providesTags: ['Company', 'Order'],
    }),
    updateCompany: build.mutation<{ companyId: string }, UpdateCompanyInput>({
      queryFn: (input) => queryResult(() => callFunction<UpdateCompanyInput, { companyId: string }>('updateCompany', input), 'The customer could not be saved. Please try again.'),
      invalidatesTags: ['Company', 'Audit'],
    }),
  }),
});

export const { useGetCustomersQuery, useGetCustomerQuery, useUpdateCompanyMutation } = customersApi;
