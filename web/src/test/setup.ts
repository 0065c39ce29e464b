import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// npm test runs these beside the emulators and a browser on two cores, where a render that takes
// 50 ms alone can take over a second: findBy* and waitFor wait up to 5 s instead of 1 s.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
