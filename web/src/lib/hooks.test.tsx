import { describe, expect, it } from 'vitest';
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
});
