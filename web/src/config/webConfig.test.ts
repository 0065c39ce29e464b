import { describe, expect, it } from 'vitest';
import { readWebConfig } from './webConfig';

const production = {
  VITE_FIREBASE_API_KEY: 'AIza-key',
  VITE_FIREBASE_AUTH_DOMAIN: 'harbor-shop.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'harbor-shop',
  VITE_FIREBASE_STORAGE_BUCKET: 'harbor-shop.firebasestorage.app',
  VITE_FIREBASE_APP_ID: '1:123:web:abc',
};

describe('readWebConfig', () => {
  it('refuses a production build without the Firebase config, naming what is missing', () => {
    expect(() => readWebConfig({}, { requireProject: true })).toThrow(/Missing or invalid:\n {2}- VITE_FIREBASE_API_KEY/);
    expect(() => readWebConfig({ ...production, VITE_FIREBASE_API_KEY: '' }, { requireProject: true })).toThrow(/VITE_FIREBASE_API_KEY \(the web API key\)/);
    expect(() => readWebConfig({ ...production, VITE_FIREBASE_PROJECT_ID: 'demo-harbor' }, { requireProject: true })).toThrow(/not a demo- one/);
  });

  it('reads a production config, with App Check when a site key is set', () => {
    const config = readWebConfig({ ...production, VITE_APPCHECK_SITE_KEY: 'site-key' }, { requireProject: true });
    expect(config.firebase).toEqual({ apiKey: 'AIza-key', authDomain: 'harbor-shop.firebaseapp.com', projectId: 'harbor-shop', storageBucket: 'harbor-shop.firebasestorage.app', appId: '1:123:web:abc' });
    expect(config.appCheckSiteKey).toBe('site-key');
    expect(config.emulators).toBeNull();
  });

  it("takes the shop's address from VITE_SITE_URL, as an origin, else Hosting's default domain", () => {
    expect(readWebConfig({ ...production, VITE_SITE_URL: '' }, { requireProject: true }).siteUrl).toBe('https://harbor-shop.web.app');
    expect(readWebConfig({ ...production, VITE_SITE_URL: 'https://Shop.Example.com/' }, { requireProject: true }).siteUrl).toBe('https://shop.example.com');
    expect(() => readWebConfig({ ...production, VITE_SITE_URL: 'shop.example.com' }, { requireProject: true })).toThrow(/VITE_SITE_URL/);
  });

  it('runs emulator builds on the demo project with the ports given, never with App Check', () => {
    const config = readWebConfig({ VITE_USE_EMULATORS: 'true', VITE_FIRESTORE_EMULATOR_PORT: '8180', VITE_STORAGE_EMULATOR_PORT: '', VITE_APPCHECK_SITE_KEY: 'key' }, { requireProject: true });
    expect(config.firebase.projectId).toBe('demo-harbor');
    expect(config.appCheckSiteKey).toBeNull();
    expect(config.emulators).toEqual({ host: '127.0.0.1', authPort: 9099, firestorePort: 8180, functionsPort: 5001, storagePort: null });
  });

  it('offers online payments only when a Stripe publishable key is set', () => {
    expect(readWebConfig(production, { requireProject: true }).stripePublishableKey).toBeNull();
    expect(readWebConfig({ ...production, VITE_STRIPE_PUBLISHABLE_KEY: ' pk_live_abc ' }, { requireProject: true }).stripePublishableKey).toBe('pk_live_abc');
    expect(readWebConfig({ VITE_USE_EMULATORS: 'true', VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_harbor_local' }, { requireProject: true }).stripePublishableKey).toBe('pk_test_harbor_local');
  });
});
