// A deliberate import cycle, for scripts/lintRules.test.ts.
import { first } from './first';

export const second = (): string => (first.length > 0 ? 'second' : '');
