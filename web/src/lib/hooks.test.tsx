import { describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { useRevealedCount } from './hooks';

describe('useRevealedCount', () => {
  it("grows a list by a step each frame on the app's first view, and renders a later list at once", async () => {
    const seen: number[] = [];
    const first = renderHook(() => {
      const count = useRevealedCount(10, 4);
      seen.push(count);
      return count;
    });
    expect(first.result.current).toBe(4);
    await waitFor(() => expect(first.result.current).toBe(10));
    expect([...new Set(seen)]).toEqual([4, 8, 10]);

    // A page opened later (or returned to) has all its items in its first render.
    const later = renderHook(() => useRevealedCount(24, 4));
    expect(later.result.current).toBe(24);
  });

  it('renders at once once a growing list has been left before it had all its items', async () => {
    vi.resetModules();
    const { useRevealedCount: freshHook } = await import('./hooks');
    const first = renderHook(() => freshHook(24, 4));
    expect(first.result.current).toBe(4);
    first.unmount();
    expect(renderHook(() => freshHook(24, 4)).result.current).toBe(24);
  });
});
