import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOGO_MARK_SVG } from './logo';
import { logoMark } from './logoMark';

describe('the header logo', () => {
  it('is the drawing of favicon.svg, sized and hidden from screen readers', () => {
    const favicon = readFileSync(join(import.meta.dirname, 'favicon.svg'), 'utf8').trim();
    const drawing = favicon.replace(/^<svg[^>]*>/, '');
    expect(LOGO_MARK_SVG.endsWith(drawing)).toBe(true);
    const element = new DOMParser().parseFromString(LOGO_MARK_SVG, 'image/svg+xml').documentElement;
    expect(element.getAttribute('aria-hidden')).toBe('true');
    expect(element.getAttribute('focusable')).toBe('false');
    expect([element.getAttribute('width'), element.getAttribute('height')]).toEqual(['32', '32']);
  });

  it('refuses a favicon that is not an SVG drawing', () => {
    expect(() => logoMark('<?xml version="1.0"?><svg/>')).toThrow(/favicon\.svg/);
    expect(() => logoMark('')).toThrow(/favicon\.svg/);
  });
});
