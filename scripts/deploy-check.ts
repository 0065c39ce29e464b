/**
 * `npm run deploy:check`: what `firebase deploy` would need, checked offline, in under two minutes.
 * 1. builds the web app and the functions with a production-like configuration (the web config
 *    of web/.env.production.example, a real-looking project);
 * 2. checks firebase.json (scripts/deploy/firebaseConfigCheck.ts): runtime, rewrites, headers, CSP;
 * 3. compiles the Firestore rules in the emulator's rules engine;
 * 4. checks that firestore.indexes.json serves every query in firestore.queries.json;
 * 5. prints what a deploy would create: functions and their triggers, rewrites, indexes.
 * Fails with a line per problem. `--config <file>` checks another firebase.json (the tooling test
 * plants problems in copies); `--skip-build` and `--skip-rules` leave out the web build and the
 * rules engine there.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { productionConnectOrigins } from '../web/src/config/connectOrigins';
import { readWebConfig } from '../web/src/config/webConfig';
import { checkFirebaseConfig, type FirebaseConfig, type RuntimeTable } from './deploy/firebaseConfigCheck';
import { functionEndpoints } from './deploy/functionEndpoints';
import { firestoreRulesErrors } from './deploy/rulesCompile';
import { ROOT, run } from './emulators';
import { checkIndexes, type IndexesFile } from './indexes/indexCheck';
import { readQueriesFile } from './indexes/queryShapes';

const { values: options } = parseArgs({ options: { config: { type: 'string' }, 'skip-build': { type: 'boolean' }, 'skip-rules': { type: 'boolean' } } });
const started = Date.now();
const problems: string[] = [];
const log = (line: string) => console.log(`deploy:check: ${line}`);

/** KEY=value lines of an env file, comments and blank lines left out. */
function readEnvFile(path: string): Record<string, string> {
  return Object.fromEntries(
    readFileSync(path, 'utf8')
      .split('\n')
      .map((line) => /^\s*([A-Z0-9_]+)\s*=\s*(.*)$/.exec(line))
      .filter((match): match is RegExpExecArray => match !== null)
      .map(([, key, value]) => [key!, value!.trim()]),
  );
}

const configPath = options.config ?? join(ROOT, 'firebase.json');
const config = JSON.parse(readFileSync(configPath, 'utf8')) as FirebaseConfig;
const webEnv = readEnvFile(join(ROOT, 'web/.env.production.example'));
const webConfig = readWebConfig(webEnv, { requireProject: true });
const projectId = webConfig.firebase.projectId;

// 1. Builds. The web build goes to a folder of its own: web/dist is the emulators' build.
const webOut = join(ROOT, '.cache/deploy-check/web');
if (!options['skip-build']) {
  const buildEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITE_')));
  const code = await run('npm', ['run', 'build', '-w', 'web'], { ...buildEnv, ...webEnv, HARBOR_WEB_OUT: webOut, NODE_OPTIONS: '' });
  if (code !== 0) problems.push(`the web build failed (exit ${code}) with the configuration of web/.env.production.example`);
}
const { endpoints, params } = await functionEndpoints(projectId).catch((error: Error) => {
  problems.push(error.message);
  return { endpoints: [], params: [] };
});
// A deploy reads the functions' parameters from functions/.env.<project>, copied from the example;
// a parameter it lacks makes a non-interactive deploy fail. Secrets come from Secret Manager.
const functionsEnv = readEnvFile(join(ROOT, 'functions/.env.example'));
for (const param of params.filter((each) => each.type !== 'secret' && !(each.name in functionsEnv))) {
  problems.push(`functions/.env.example: no value for the parameter ${param.name}, which a non-interactive deploy needs`);
}

// 2. firebase.json.
const require = createRequire(import.meta.url);
const { RUNTIMES } = require('firebase-tools/lib/deploy/functions/runtimes/supported/types.js') as { RUNTIMES: RuntimeTable };
const enginesNode = Object.fromEntries(
  config.functions.map((source) => [source.source, (JSON.parse(readFileSync(join(ROOT, source.source, 'package.json'), 'utf8')) as { engines?: { node?: string } }).engines?.node]),
);
problems.push(
  ...checkFirebaseConfig({
    config,
    runtimes: RUNTIMES,
    enginesNode,
    endpoints,
    connectOrigins: productionConnectOrigins(webConfig),
    hostingFileExists: (path) => options['skip-build'] === true || existsSync(join(webOut, path)),
    today: new Date(),
  }),
);

// 3. Rules.
if (!options['skip-rules']) {
  const errors = await firestoreRulesErrors(join(ROOT, 'firestore.rules'));
  if (errors === null) log('firestore.rules not compiled: no Firestore emulator on this machine');
  else problems.push(...errors);
  log('storage.rules not compiled: the Storage rules runtime cannot be had offline (scripts/emulators.ts)');
}

// 4. Indexes.
const indexes = JSON.parse(readFileSync(join(ROOT, 'firestore.indexes.json'), 'utf8')) as IndexesFile;
const indexCheck = checkIndexes(readQueriesFile(join(ROOT, 'firestore.queries.json')), indexes);
problems.push(...indexCheck.problems.map((problem) => `index: ${problem}`));
for (const unused of indexCheck.unused) log(`index declared but used by no recorded query: ${unused}`);

// 5. What a deploy would create.
console.log(`\nfirebase deploy would deploy to ${projectId}:`);
console.log(`  functions (${config.functions.map((source) => `${source.source}, ${source.runtime}`).join('; ')}):`);
for (const endpoint of endpoints) {
  const secrets = endpoint.secrets.length > 0 ? ` [secrets: ${endpoint.secrets.join(', ')}]` : '';
  console.log(`    ${endpoint.id.padEnd(22)} ${endpoint.regions.join(',')}  ${endpoint.trigger}${endpoint.detail ? ` ${endpoint.detail}` : ''}${secrets}`);
}
console.log('  hosting rewrites:');
for (const rewrite of (config.hosting as { rewrites?: { source?: string; regex?: string; destination?: string; function?: string | { functionId: string } }[] }).rewrites ?? []) {
  const target = rewrite.destination ?? (typeof rewrite.function === 'string' ? rewrite.function : `function ${rewrite.function?.functionId}`);
  console.log(`    ${(rewrite.source ?? rewrite.regex ?? '').padEnd(22)} -> ${target}`);
}
console.log(`  parameters (functions/.env.<project>): ${params.filter((param) => param.type !== 'secret').map((param) => `${param.name}=${functionsEnv[param.name] ?? '?'}`).join(', ') || 'none'}`);
console.log(`  secrets (firebase functions:secrets:set): ${params.filter((param) => param.type === 'secret').map((param) => param.name).join(', ') || 'none'}`);
console.log(`  firestore: firestore.rules, ${indexes.indexes.length} composite indexes, ${indexes.fieldOverrides?.length ?? 0} field overrides`);
console.log('  storage: storage.rules\n');

for (const problem of problems) console.error(`deploy:check: PROBLEM ${problem}`);
log(`${problems.length === 0 ? 'ready to deploy' : `${problems.length} problems`} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
process.exit(problems.length > 0 ? 1 : 0);
