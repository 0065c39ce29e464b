import { collection, type Firestore } from 'firebase/firestore/lite';
import { quoteFromData, quoteMessageFromData, type Quote, type QuoteMessage } from '@harbor/domain';
import { readerConverter } from './readerConverter';

/** `quotes/{id}` documents as the domain reads them. */
const quoteConverter = readerConverter<Quote>(quoteFromData);
const quoteMessageConverter = readerConverter<QuoteMessage>(quoteMessageFromData);

/** The `quotes` collection, read through quoteConverter. */
export function quoteCollection(db: Firestore) {
  return collection(db, 'quotes').withConverter(quoteConverter);
}

/** A quote's `messages`, the conversation between its company and the shop. */
export function quoteMessageCollection(db: Firestore, quoteId: string) {
  return collection(db, 'quotes', quoteId, 'messages').withConverter(quoteMessageConverter);
}
