import { productFromData, type Product } from '@harbor/domain';
import { readerConverter } from './readerConverter';

/** `products/{id}` documents as the domain reads them. */
export const productConverter = readerConverter<Product>(productFromData);
