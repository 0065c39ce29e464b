/// <reference types="vite/client" />

/** The validated settings of this build, defined by web/vite.config.ts (read them from src/config). */
declare const __HARBOR_CONFIG__: import('./config/webConfig').WebConfig; // eslint-disable-line @typescript-eslint/consistent-type-imports -- a global declaration cannot import
