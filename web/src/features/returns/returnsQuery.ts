import { query, where, type Firestore } from 'firebase/firestore/lite';
import type { ProductReturn } from '@harbor/domain';
import { returnCollection } from '../../lib/converters/returnConverter';
import { readPage, type Page, type PageCursor } from '../../lib/pagination';
import { NEWEST_ORDERS_FIRST } from '../../lib/sorts';

/** Whose returns a list shows: a buyer's own (userId), or every return of the company its owner or an approver runs (companyId), as the rules read them. */
export interface ReturnsScope {
  field: 'userId' | 'companyId';
  value: string;
}

/** One page of the returns in scope, newest first (returns are dated as orders are: `createdAt`). */
export function readReturnsPage(db: Firestore, { field, value }: ReturnsScope, cursor: PageCursor | null, pageSize: number): Promise<Page<ProductReturn>> {
  return readPage(query(returnCollection(db), where(field, '==', value)), { order: NEWEST_ORDERS_FIRST, cursor, direction: 'after', pageSize });
}
