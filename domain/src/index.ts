export * from './config';
export * from './money';
export * from './pricing';
export * from './cart';
export * from './schemas';
export * from './product';
export * from './search';
export * from './orders';
