import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor give up after 1 s by default. A file's first render also loads its lazy modules, which on a loaded
// two-core machine (CI, or tests running beside the server suite) can take longer: wait up to 5 s, well inside the
// 30 s test timeout. A test that waits for something that never comes still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
