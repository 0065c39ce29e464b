import { afterEach, describe, expect, it } from 'vitest';
import { preloadRouteFiles, ROUTE_FILES_ID, routeMatches, type RouteFiles } from './routeFiles';

describe('routeMatches', () => {
  it('matches a pattern exactly, a parameter standing for one non-empty segment', () => {
    expect(routeMatches('/', '/')).toBe(true);
    expect(routeMatches('/cart', '/cart')).toBe(true);
    expect(routeMatches('/product/:id', '/product/bev-1001')).toBe(true);
    expect(routeMatches('/product/:id', '/product/')).toBe(false);
    expect(routeMatches('/product/:id', '/product/bev-1001/more')).toBe(false);
    expect(routeMatches('/', '/cart')).toBe(false);
    expect(routeMatches('/cart', '/cartx')).toBe(false);
  });
});

describe('preloadRouteFiles', () => {
  const routes: RouteFiles[] = [
    { pattern: '/', scripts: ['assets/HomePage-1.js'], styles: ['assets/catalog-1.css'] },
    { pattern: '/product/:id', scripts: ['assets/ProductPage-1.js', 'assets/TierTable-1.js'], styles: [] },
  ];

  function listRoutes(listed: string) {
    document.head.innerHTML = `<script type="application/json" id="${ROUTE_FILES_ID}">${listed}</script>`;
  }

  const links = () => [...document.head.querySelectorAll('link')].map((link) => `${link.rel} ${link.getAttribute('href')}${link.as ? ` as ${link.as}` : ''}`);

  afterEach(() => {
    document.head.innerHTML = '';
  });

  it("preloads the scripts and styles of the page the path names, and no other page's", () => {
    listRoutes(JSON.stringify(routes));
    preloadRouteFiles(document, '/product/bev-1001');
    expect(links()).toEqual(['modulepreload /assets/ProductPage-1.js', 'modulepreload /assets/TierTable-1.js']);
    document.head.querySelectorAll('link').forEach((link) => link.remove());
    preloadRouteFiles(document, '/');
    expect(links()).toEqual(['modulepreload /assets/HomePage-1.js', 'preload /assets/catalog-1.css as style']);
  });

  it('preloads nothing for a page not listed, or when index.html lists nothing', () => {
    listRoutes(JSON.stringify(routes));
    preloadRouteFiles(document, '/checkout');
    expect(links()).toEqual([]);
    document.head.innerHTML = '';
    preloadRouteFiles(document, '/');
    expect(links()).toEqual([]);
  });
});
