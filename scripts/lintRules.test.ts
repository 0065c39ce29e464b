/**
 * The architecture's import rules fire: a feature importing another feature, shared code importing
 * a feature (eslint.config.js), and an import cycle, of values or of types only (madge, as
 * `npm run lint` runs it), all fail `npm run lint`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const eslint = new ESLint({ cwd: ROOT, ignore: false });
/** The settings `npm run lint` runs madge with. */
const madgeConfig = JSON.parse(readFileSync(join(ROOT, '.madgerc'), 'utf8')) as madge.MadgeConfig;

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('import rules', () => {
  it('refuse a feature importing another feature', async () => {
    const code = "import { registerCartListeners } from '../cart';\n\nexport const sample = registerCartListeners;\n";
    expect(await ruleIds(code, 'web/src/features/catalog/lintSample.ts')).toContain('import-x/no-restricted-paths');
  });

  it('refuse shared code importing a feature or the app', async () => {
    const fromFeature = "import { CartBadge } from '../features/cart';\n\nexport const sample = CartBadge;\n";
    expect(await ruleIds(fromFeature, 'web/src/lib/lintSample.ts')).toContain('import-x/no-restricted-paths');
    const fromApp = "import { makeStore } from '../app/store';\n\nexport const sample = makeStore;\n";
    expect(await ruleIds(fromApp, 'web/src/components/lintSample.ts')).toContain('import-x/no-restricted-paths');
  });

  it('refuse test helpers in the shop itself, and allow them in tests', async () => {
    const code = "import { renderWithStore } from '../../test/renderWithStore';\n\nexport const sample = renderWithStore;\n";
    expect(await ruleIds(code, 'web/src/features/cart/lintSample.ts')).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(code, 'web/src/features/cart/lintSample.test.ts')).toEqual([]);
  });

  it('allow a feature to use lib and the domain', async () => {
    const code = "import { formatMoney } from '@harbor/domain';\nimport { useCart } from '../../lib/cart';\n\nexport const sample = [formatMoney, useCart];\n";
    expect(await ruleIds(code, 'web/src/features/catalog/lintSample.ts')).toEqual([]);
  });

  it('refuse an import cycle (madge, as `npm run lint` runs it)', async () => {
    const graph = await madge(join(ROOT, 'scripts/lint-fixtures/values'), { ...madgeConfig, excludeRegExp: [] });
    expect(graph.circular()).toEqual([['first.ts', 'second.ts']]);
  });

  it('refuse an import cycle of types only (madge)', async () => {
    const graph = await madge(join(ROOT, 'scripts/lint-fixtures/cycle'), { ...madgeConfig, excludeRegExp: [] });
    expect(graph.circular()).toEqual([['customer.ts', 'invoice.ts']]);
  });
});
