/**
 * An order's shipments and the fulfilment moves that the buyer's page and the back office both
 * make: reading `orders/{id}/shipments`, cancelling the rest, shipping a part.
 */
import { getDocs, orderBy, query } from 'firebase/firestore/lite';
import type { CancelBackorderInput, CancelBackorderResult, CreateShipmentInput, CreateShipmentResult, OrderShipment } from '@harbor/domain';
import { api, queryResult } from '../api';
import { callFunction } from '../callable';
import { shipmentCollection } from '../converters/shipmentConverter';
import { db } from '../firebase';

const fulfilmentApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The order's shipments (`orders/{id}/shipments`), oldest first; whoever reads the order reads them. */
    getOrderShipments: build.query<OrderShipment[], string>({
      queryFn: (orderId) =>
        queryResult(async () => (await getDocs(query(shipmentCollection(db, orderId), orderBy('sequence', 'asc')))).docs.map((shipment) => shipment.data()), 'The shipments of this order could not be loaded. Please try again.'),
      providesTags: (_result, _error, orderId) => [{ type: 'Order', id: orderId }],
    }),
    cancelBackorder: build.mutation<CancelBackorderResult, CancelBackorderInput>({
      queryFn: (input) => queryResult(() => callFunction<CancelBackorderInput, CancelBackorderResult>('cancelBackorder', input), 'The rest of the order could not be cancelled. Please try again.'),
      // The order, its history, the buyer's month and the stock given back.
      invalidatesTags: ['Order', 'Product', 'Audit', 'Receivables'],
    }),
    createShipment: build.mutation<CreateShipmentResult, CreateShipmentInput>({
      queryFn: (input) => queryResult(() => callFunction<CreateShipmentInput, CreateShipmentResult>('createShipment', input), 'The shipment could not be recorded. Please try again.'),
      // The order's lines and status, its new invoice and the company's account.
      invalidatesTags: ['Order', 'Audit', 'Receivables'],
    }),
  }),
});

export const { useGetOrderShipmentsQuery, useCancelBackorderMutation, useCreateShipmentMutation } = fulfilmentApi;
