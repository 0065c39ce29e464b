import favicon from './favicon.svg?raw';
import { logoMark } from './logoMark';

/** The shop's mark, drawn in the header's markup (config/logoMark.ts). */
export const LOGO_MARK_SVG = logoMark(favicon);
