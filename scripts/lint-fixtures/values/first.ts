// A deliberate import cycle, for scripts/lintRules.test.ts.
import { second } from './second';

export const first = (): string => `first, ${second()}`;
