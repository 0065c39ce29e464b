/**
 * `npm run check:indexes`: does firestore.indexes.json serve every query shape in
 * firestore.queries.json? Reads the two files only. Fails with a line per query production would
 * refuse; lists the declared indexes no recorded query uses. `--queries` and `--indexes` name other
 * files (the tooling test plants problems in copies).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../emulators';
import { checkIndexes, type IndexesFile } from './indexCheck';
import { readQueriesFile } from './queryShapes';

const { values } = parseArgs({ options: { queries: { type: 'string' }, indexes: { type: 'string' } } });
const queriesPath = values.queries ?? join(ROOT, 'firestore.queries.json');
const indexesPath = values.indexes ?? join(ROOT, 'firestore.indexes.json');
const shapes = readQueriesFile(queriesPath);
const { problems, unused } = checkIndexes(shapes, JSON.parse(readFileSync(indexesPath, 'utf8')) as IndexesFile);

for (const index of unused) console.log(`Index check: declared but used by no recorded query: ${index}`);
for (const problem of problems) console.error(`Index check: ${problem}`);
console.log(`Index check: ${shapes.length} query shapes, ${problems.length} without the index production needs, ${unused.length} declared indexes unused.`);
process.exit(problems.length > 0 ? 1 : 0);
