/**
 * Returns (RMA), read the same by the order's buyer, its company's owner and approvers and the
 * staff who read the order (the rules decide who may), and the moves on them: the buyer's request,
 * the shop's decision, the warehouse's receipt and closing.
 */
import { getDocs, orderBy, query, where } from 'firebase/firestore/lite';
import type {
  CloseReturnInput,
  DecideReturnInput,
  ProductReturn,
  ReceiveReturnInput,
  ReceiveReturnResult,
  RequestReturnInput,
  RequestReturnResult,
  ReturnStatusResult,
} from '@harbor/domain';
import { api, queryResult } from '../api';
import { callFunction } from '../callable';
import { returnCollection } from '../converters/returnConverter';
import { readDocument } from '../documents';
import { db } from '../firebase';

/** Whose returns of an order to read: a buyer names itself, a company's owner or approver the company, staff neither. */
export interface OrderReturnsArgs {
  orderId: string;
  userId?: string;
  companyId?: string;
}

export const returnsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** null when there is no such return the reader may see. */
    getReturn: build.query<ProductReturn | null, string>({
      queryFn: (returnId) => queryResult(() => readDocument(returnCollection(db), returnId), 'The return could not be loaded. Please try again.'),
      providesTags: (_result, _error, returnId) => [{ type: 'Return', id: returnId }],
    }),
    /** The returns of one order, newest first (the query names what the reader's rule needs). */
    getOrderReturns: build.query<ProductReturn[], OrderReturnsArgs>({
      queryFn: ({ orderId, userId, companyId }) =>
        queryResult(async () => {
          const whose = userId ? [where('userId', '==', userId)] : companyId ? [where('companyId', '==', companyId)] : [];
          const found = await getDocs(query(returnCollection(db), where('orderId', '==', orderId), ...whose, orderBy('createdAt', 'desc')));
          return found.docs.map((each) => each.data());
        }, 'The returns of this order could not be loaded. Please try again.'),
      providesTags: [{ type: 'Return', id: 'LIST' }],
    }),
    requestReturn: build.mutation<RequestReturnResult, RequestReturnInput>({
      queryFn: (input) => queryResult(() => callFunction<RequestReturnInput, RequestReturnResult>('requestReturn', input), 'Your return request could not be sent. Please try again.'),
      // The order keeps its units on returns: what may still be returned is read again.
      invalidatesTags: (_result, _error, input) => [{ type: 'Return', id: 'LIST' }, { type: 'Order', id: input.orderId }],
    }),
    decideReturn: build.mutation<ReturnStatusResult, DecideReturnInput>({
      queryFn: (input) => queryResult(() => callFunction<DecideReturnInput, ReturnStatusResult>('decideReturn', input), 'The decision could not be saved. Please try again.'),
      invalidatesTags: (_result, _error, input) => [{ type: 'Return', id: input.returnId }, { type: 'Return', id: 'LIST' }, 'Audit'],
    }),
    /** Stock rises, a credit note is issued and the company's account moves: all of them are read again. */
    receiveReturn: build.mutation<ReceiveReturnResult, ReceiveReturnInput>({
      queryFn: (input) => queryResult(() => callFunction<ReceiveReturnInput, ReceiveReturnResult>('receiveReturn', input), 'The receipt could not be recorded. Please try again.'),
      invalidatesTags: (_result, _error, input) => [{ type: 'Return', id: input.returnId }, { type: 'Return', id: 'LIST' }, 'Product', 'Order', 'Receivables', 'Audit'],
    }),
    closeReturn: build.mutation<ReturnStatusResult, CloseReturnInput>({
      queryFn: (input) => queryResult(() => callFunction<CloseReturnInput, ReturnStatusResult>('closeReturn', input), 'The return could not be closed. Please try again.'),
      invalidatesTags: (_result, _error, input) => [{ type: 'Return', id: input.returnId }, { type: 'Return', id: 'LIST' }, 'Audit'],
    }),
  }),
});

export const { useGetReturnQuery, useGetOrderReturnsQuery, useRequestReturnMutation, useDecideReturnMutation, useReceiveReturnMutation, useCloseReturnMutation } = returnsApi;
