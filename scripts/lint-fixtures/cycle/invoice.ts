// A deliberate import cycle (of types only), for scripts/lintRules.test.ts.
import type { Customer } from './customer';

export interface Invoice {
  customer: Customer;
}
