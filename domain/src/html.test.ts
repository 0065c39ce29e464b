import { describe, expect, it } from 'vitest';
import { escapeHtml, jsonForScript } from './html';

describe('escapeHtml', () => {
  it('escapes what could open an element or end an attribute', () => {
    expect(escapeHtml(`Tom & Jerry's "<b>" café`)).toBe('Tom &amp; Jerry&#39;s &quot;&lt;b&gt;&quot; café');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});

describe('jsonForScript', () => {
  it('writes no text that could end the script element, and reads back unchanged', () => {
    const value = { name: '</script><script>alert(1)</script>', note: '<!-- x -->', price: 1299 };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/<\/script|<!--/i);
    expect(JSON.parse(text)).toEqual(value);
  });
});
