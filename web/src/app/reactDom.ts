/**
 * react-dom's client, imported through this module so that it is built into the React chunk
 * (web/vite.config.ts) and set up when that chunk is evaluated, in a task of its own before the
 * shop's (src/boot.ts), rather than inside the task that evaluates the shop.
 */
export { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
