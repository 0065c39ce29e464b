/**
 * The functions a deploy would create, as firebase-tools discovers them: each export of the
 * functions' bundle carries its trigger, region and secrets in `__endpoint`. The bundle is built in
 * memory with the functions' own build options and loaded by the Node.js the functions run on.
 */
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';
import { buildOptions } from '../../functions/build.mjs';
import { functionsNode, ROOT } from '../emulators';

export const DEFAULT_REGION = 'us-central1';

export interface FunctionEndpoint {
  id: string;
  regions: string[];
  /** https (onRequest), callable, event (with its event type and document), schedule, task queue (onTaskDispatched). */
  trigger: 'https' | 'callable' | 'event' | 'schedule' | 'task queue';
  /** How the trigger reads in the deploy plan: the event and document, the schedule, or the queue's retries and rate. */
  detail: string;
  secrets: string[];
}

interface RawEndpoint {
  region?: string[];
  httpsTrigger?: object;
  callableTrigger?: object;
  eventTrigger?: { eventType: string; eventFilterPathPatterns?: Record<string, string> };
  scheduleTrigger?: { schedule: string };
  taskQueueTrigger?: { retryConfig?: Record<string, unknown>; rateLimits?: Record<string, unknown> };
  secretEnvironmentVariables?: { key: string }[];
}

function endpointOf(id: string, raw: RawEndpoint): FunctionEndpoint {
  const regions = raw.region?.length ? raw.region : [DEFAULT_REGION];
  const secrets = (raw.secretEnvironmentVariables ?? []).map((secret) => secret.key);
  if (raw.eventTrigger) {
    const document = Object.values(raw.eventTrigger.eventFilterPathPatterns ?? {}).join(', ');
    return { id, regions, trigger: 'event', detail: `${raw.eventTrigger.eventType} ${document}`.trim(), secrets };
  }
  if (raw.scheduleTrigger) return { id, regions, trigger: 'schedule', detail: raw.scheduleTrigger.schedule, secrets };
  if (raw.taskQueueTrigger) {
    // firebase deploy creates the Cloud Tasks queue of the function's name with these settings.
    const settings = Object.entries({ ...raw.taskQueueTrigger.retryConfig, ...raw.taskQueueTrigger.rateLimits }).filter(([, value]) => value !== null && value !== undefined);
    return { id, regions, trigger: 'task queue', detail: settings.map(([key, value]) => `${key}=${String(value)}`).join(' '), secrets };
  }
  return { id, regions, trigger: raw.callableTrigger ? 'callable' : 'https', detail: '', secrets };
}

/** A parameter the functions declare (firebase-functions/params): a secret, or a value from functions/.env.<project>. */
export interface FunctionParam {
  name: string;
  type: string;
  default?: unknown;
}

export async function functionEndpoints(projectId: string): Promise<{ endpoints: FunctionEndpoint[]; params: FunctionParam[] }> {
  const bundle = await build({ ...buildOptions, write: false, sourcemap: false, outfile: 'index.js' });
  const code = bundle.outputFiles.find((file) => file.path.endsWith('index.js'))!.text;
  const print = `\n;process.stdout.write(JSON.stringify({ exports: Object.entries(module.exports).map(([id, value]) => [id, value.__endpoint ?? null]), params: require('firebase-functions/params').declaredParams.map((param) => param.toSpec()) }));`;
  const result = spawnSync(functionsNode(), ['-'], {
    cwd: `${ROOT}/functions`,
    input: code + print,
    encoding: 'utf8',
    env: { ...process.env, GCLOUD_PROJECT: projectId, NODE_OPTIONS: '' },
    maxBuffer: 16 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`The functions did not load: ${result.stderr.trim().split('\n').slice(-5).join('\n')}`);
  const { exports, params } = JSON.parse(result.stdout) as { exports: [string, RawEndpoint | null][]; params: FunctionParam[] };
  return { endpoints: exports.filter((entry): entry is [string, RawEndpoint] => entry[1] !== null).map(([id, raw]) => endpointOf(id, raw)), params };
}
