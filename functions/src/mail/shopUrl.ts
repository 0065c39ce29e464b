/**
 * The address of the shop these functions serve, where every link in an e-mail points: the one
 * its web app was built for (VITE_SITE_URL, else Hosting's https://<project>.web.app), which
 * functions/build.mjs writes into the bundle. The emulators' harness sets the same variable to
 * the local shop for code that tests run unbundled.
 */
export function shopUrl(): string {
  const url = process.env.HARBOR_SHOP_URL;
  // Rendered later with the queue's retries: a message is better late than linking elsewhere.
  if (!url) throw new Error("The shop's address (HARBOR_SHOP_URL) is not set: build the web app, then the functions (npm run build).");
  return url;
}

/** An absolute link to `path` ("/profile") of this shop. */
export const shopLink = (path: string): string => `${shopUrl()}${path}`;
