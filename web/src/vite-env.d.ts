/// <reference types="vite/client" />

/** The validated settings of this build, defined by web/vite.config.ts (read them from src/config). */
declare const __HARBOR_CONFIG__: import('./config/webConfig').WebConfig; // eslint-disable-line @typescript-eslint/consistent-type-imports -- a global declaration cannot import

/** The browser build, as the server renderer's build takes it in (web/vite.config.ts). */
declare module '@harbor/web-build/app.html?raw' {
  const html: string;
  export default html;
}
declare module '@harbor/web-build/.vite/manifest.json' {
  const manifest: Record<string, unknown>;
  export default manifest;
}
declare module '@harbor/web-build/boot.json' {
  const boot: { file: string };
  export default boot;
}
