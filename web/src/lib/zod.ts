/**
 * zod as the web app uses it (web/vite.config.ts resolves 'zod' here). The Content-Security-Policy
 * forbids eval, so zod's compiled fast path can never run in the shop; saying so before any parse
 * stops zod probing for eval, which the browser reports as a CSP violation.
 */
import { config } from 'zod';

config({ jitless: true });

export * from 'zod';
export { default } from 'zod';
