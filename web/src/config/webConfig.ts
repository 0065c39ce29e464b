/**
 * The web app's settings, read once from the environment (VITE_* variables) and validated at build
 * time by web/vite.config.ts, which hands the result to the app as one constant. The app itself
 * never parses the environment, so zod stays out of the browser bundle.
 */
import { z } from 'zod';

export interface EmulatorSettings {
  host: string;
  authPort: number;
  firestorePort: number;
  functionsPort: number;
  /** Absent where the Storage emulator cannot run. */
  storagePort: number | null;
}

export interface WebConfig {
  firebase: { apiKey: string; authDomain: string; projectId: string; storageBucket: string; appId?: string };
  /** reCAPTCHA Enterprise site key; App Check is on when it is set (never on the emulators). */
  appCheckSiteKey: string | null;
  /** Set when the app talks to the local Firebase emulators. */
  emulators: EmulatorSettings | null;
  /** The shop's public origin, e.g. https://shop.example.com (robots.txt names its sitemap there). */
  siteUrl: string;
  /** Stripe's publishable key (pk_…); without one the shop offers no online payment. */
  stripePublishableKey: string | null;
}

const text = z.string().trim();
/** A variable that must be set; `label` says which and what it holds. */
const required = (label: string) => z.string({ error: label }).trim().min(1, label);
const port = (fallback: number) => z.coerce.number().int().min(1).max(65_535).catch(fallback);
const siteUrl = z.url({ protocol: /^https?$/, error: 'VITE_SITE_URL (the shop\'s address, e.g. https://shop.example.com)' }).transform((url) => new URL(url).origin);

/** The variables a production build must have: the web app config from the Firebase console. */
const productionSchema = z.object({
  VITE_FIREBASE_API_KEY: required('VITE_FIREBASE_API_KEY (the web API key)'),
  VITE_FIREBASE_AUTH_DOMAIN: required('VITE_FIREBASE_AUTH_DOMAIN (e.g. <project>.firebaseapp.com)'),
  VITE_FIREBASE_PROJECT_ID: required('VITE_FIREBASE_PROJECT_ID (the project id)').refine(
    (id) => !id.startsWith('demo-'),
    'VITE_FIREBASE_PROJECT_ID (a real project id, not a demo- one)',
  ),
  VITE_FIREBASE_STORAGE_BUCKET: required('VITE_FIREBASE_STORAGE_BUCKET (e.g. <project>.firebasestorage.app)'),
  VITE_FIREBASE_APP_ID: required('VITE_FIREBASE_APP_ID (the web app id)'),
  VITE_APPCHECK_SITE_KEY: text.optional(),
  VITE_SITE_URL: siteUrl.optional(),
  VITE_STRIPE_PUBLISHABLE_KEY: text.optional(),
});

const emulatorSchema = z.object({
  VITE_FIREBASE_PROJECT_ID: text.default('demo-harbor').refine((id) => id.startsWith('demo-'), 'The emulators run a demo- project only.'),
  VITE_EMULATOR_HOST: text.min(1).catch('127.0.0.1'),
  VITE_AUTH_EMULATOR_PORT: port(9099),
  VITE_FIRESTORE_EMULATOR_PORT: port(8080),
  VITE_FUNCTIONS_EMULATOR_PORT: port(5001),
  VITE_STORAGE_EMULATOR_PORT: z.coerce.number().int().min(1).max(65_535).nullable().catch(null),
  VITE_SITE_URL: siteUrl.catch('http://localhost:5000'),
  VITE_STRIPE_PUBLISHABLE_KEY: text.optional(),
});

export type Environment = Record<string, string | undefined>;

/**
 * The settings for a build. Emulator builds (VITE_USE_EMULATORS=true) and tests run on the demo
 * project; any other build needs the real project's web config and fails with the list of what is
 * missing, instead of quietly shipping a shop that talks to no project.
 */
export function readWebConfig(env: Environment, { requireProject }: { requireProject: boolean }): WebConfig {
  if (env.VITE_USE_EMULATORS === 'true' || !requireProject) {
    const settings = emulatorSchema.parse({ ...env, VITE_STORAGE_EMULATOR_PORT: env.VITE_STORAGE_EMULATOR_PORT || null });
    const projectId = settings.VITE_FIREBASE_PROJECT_ID;
    return {
      firebase: { apiKey: 'demo-api-key', authDomain: `${projectId}.firebaseapp.com`, projectId, storageBucket: `${projectId}.appspot.com` },
      appCheckSiteKey: null,
      emulators:
        env.VITE_USE_EMULATORS === 'true'
          ? {
              host: settings.VITE_EMULATOR_HOST,
              authPort: settings.VITE_AUTH_EMULATOR_PORT,
              firestorePort: settings.VITE_FIRESTORE_EMULATOR_PORT,
              functionsPort: settings.VITE_FUNCTIONS_EMULATOR_PORT,
              storagePort: settings.VITE_STORAGE_EMULATOR_PORT,
            }
          : null,
      siteUrl: settings.VITE_SITE_URL,
      stripePublishableKey: settings.VITE_STRIPE_PUBLISHABLE_KEY || null,
    };
  }
  const result = productionSchema.safeParse({ ...env, VITE_SITE_URL: env.VITE_SITE_URL || undefined });
  if (!result.success) {
    const missing = result.error.issues.map((issue) => `  - ${issue.message}`).join('\n');
    throw new Error(
      `The production build needs the Firebase web app config. Missing or invalid:\n${missing}\n` +
        'Copy web/.env.production.example to web/.env.production.local and fill it in from Firebase console > Project settings > Your apps.',
    );
  }
  const settings = result.data;
  return {
    firebase: {
      apiKey: settings.VITE_FIREBASE_API_KEY,
      authDomain: settings.VITE_FIREBASE_AUTH_DOMAIN,
      projectId: settings.VITE_FIREBASE_PROJECT_ID,
      storageBucket: settings.VITE_FIREBASE_STORAGE_BUCKET,
      appId: settings.VITE_FIREBASE_APP_ID,
    },
    appCheckSiteKey: settings.VITE_APPCHECK_SITE_KEY || null,
    emulators: null,
    // Hosting's default domain unless the shop has its own.
    siteUrl: settings.VITE_SITE_URL ?? `https://${settings.VITE_FIREBASE_PROJECT_ID}.web.app`,
    stripePublishableKey: settings.VITE_STRIPE_PUBLISHABLE_KEY || null,
  };
}
