import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAuth } from '../session';
import { useCart } from './useCart';

vi.mock('../firebase', () => ({ auth: {}, db: {}, functions: {} }));

describe('state hooks outside the store provider', () => {
  it('useCart throws a clear error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useCart())).toThrow('useCart must be used inside the Redux <Provider>');
  });

  it('useAuth throws a clear error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used inside the Redux <Provider>');
  });
});
