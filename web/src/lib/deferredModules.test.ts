import { beforeEach, describe, expect, it } from 'vitest';
import { deferredModulesElement, preloadModules, readDeferredModules } from './deferredModules';

const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname);

describe('the code a server-rendered page starts once it is painted', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('is named in an element that never runs, and preloaded only when asked', () => {
    document.body.innerHTML = deferredModulesElement({ entry: '/assets/index-a1.js', preload: ['/assets/HomePage-b2.js', '/assets/react-c3.js'], libraries: ['/assets/react-c3.js'] });
    expect(document.querySelector('script')?.type).toBe('application/json');
    const modules = readDeferredModules(document);
    expect(modules).toEqual({ entry: '/assets/index-a1.js', preload: ['/assets/HomePage-b2.js', '/assets/react-c3.js'], libraries: ['/assets/react-c3.js'] });
    expect(preloads()).toEqual([]);
    preloadModules(document, modules!.preload);
    expect(preloads()).toEqual(['/assets/HomePage-b2.js', '/assets/react-c3.js']);
  });

  it('cannot end its element early, whatever a name holds', () => {
    document.body.innerHTML = `${deferredModulesElement({ entry: '/assets/x</script><img src=x onerror=alert(1)>.js', preload: [], libraries: [] })}<p>after</p>`;
    expect(document.querySelectorAll('img')).toHaveLength(0);
    expect(document.body.lastElementChild?.textContent).toBe('after');
  });

  it('names nothing to load when the list is missing, unreadable, or points outside the build', () => {
    expect(readDeferredModules(document)).toBeNull();
    document.body.innerHTML = '<script type="application/json" id="shop-modules">{not json</script>';
    expect(readDeferredModules(document)).toBeNull();
    document.body.innerHTML = deferredModulesElement({ entry: 'https://elsewhere.test/index.js', preload: [], libraries: [] });
    expect(readDeferredModules(document)).toBeNull();
    const outside = ['https://elsewhere.test/x.js', '/assets/ok-1.js', '/assets/style.css'];
    document.body.innerHTML = deferredModulesElement({ entry: '/assets/index-a1.js', preload: outside, libraries: outside });
    expect(readDeferredModules(document)).toEqual({ entry: '/assets/index-a1.js', preload: ['/assets/ok-1.js'], libraries: ['/assets/ok-1.js'] });
    document.body.innerHTML = '<script type="application/json" id="shop-modules">{"entry":"/assets/index-a1.js","libraries":"/assets/react-c3.js"}</script>';
    expect(readDeferredModules(document)).toEqual({ entry: '/assets/index-a1.js', preload: [], libraries: [] });
  });
});
