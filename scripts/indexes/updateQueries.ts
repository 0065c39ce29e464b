/**
 * `npm run queries:update`: adds the query shapes the last test run recorded (.cache/query-log) to
 * firestore.queries.json, after a change that makes a new query (the run then fails and says so).
 */
import { join } from 'node:path';
import { ROOT } from '../emulators';
import { QUERY_LOG, describeShape, readQueriesFile, readQueryLogs, unlistedShapes, writeQueriesFile } from './queryShapes';

const path = join(ROOT, 'firestore.queries.json');
const listed = readQueriesFile(path);
const added = unlistedShapes(readQueryLogs(QUERY_LOG), listed);
writeQueriesFile(path, [...listed, ...added]);
for (const shape of added) console.log(`Added ${describeShape(shape)}`);
console.log(`firestore.queries.json: ${added.length} shapes added; run npm run check:indexes.`);
