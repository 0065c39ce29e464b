import { describe, expect, it } from 'vitest';
import { callableFailure } from './callableError';

describe('callableFailure', () => {
  it('keeps the server message and code, without the trailing HTTP status', () => {
    const error = { code: 'functions/already-exists', message: 'SKU BEV-1001 is already used by "Water". [409]' };
    expect(callableFailure(error, 'Saving failed.')).toEqual({ message: 'SKU BEV-1001 is already used by "Water".', code: 'already-exists' });
  });

  it('falls back for internal errors and for anything that is not a callable error', () => {
    expect(callableFailure({ code: 'functions/internal', message: 'INTERNAL [500]' }, 'Saving failed.')).toEqual({ message: 'Saving failed.', code: 'internal' });
    expect(callableFailure(new TypeError('x is undefined'), 'Saving failed.')).toEqual({ message: 'Saving failed.' });
    expect(callableFailure(null, 'Saving failed.')).toEqual({ message: 'Saving failed.' });
  });
});
