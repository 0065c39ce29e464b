// A deliberate import cycle (of types only), for scripts/lintRules.test.ts.
import type { Invoice } from './invoice';

export interface Customer {
  invoices: Invoice[];
}
