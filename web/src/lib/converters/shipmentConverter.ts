import { collection, type Firestore } from 'firebase/firestore/lite';
import { shipmentFromData, type OrderShipment } from '@harbor/domain';
import { readerConverter } from './readerConverter';

/** `orders/{orderId}/shipments/{sequence}` documents as the domain reads them. */
const shipmentConverter = readerConverter<OrderShipment>((_sequence, data) => shipmentFromData(data));

/** An order's `shipments` subcollection, read through shipmentConverter. */
export function shipmentCollection(db: Firestore, orderId: string) {
  return collection(db, 'orders', orderId, 'shipments').withConverter(shipmentConverter);
}
