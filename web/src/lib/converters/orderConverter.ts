import { orderFromData, type Order } from '@harbor/domain';
import { readerConverter } from './readerConverter';

/** `orders/{id}` documents as the domain reads them. */
export const orderConverter = readerConverter<Order>(orderFromData);
