// Loaded into the processes of the test runs (NODE_OPTIONS=--require, scripts/emulators.ts, with
// HARBOR_SHARED_FUNCTION_WORKERS=1); it acts in the firebase-tools process that runs the functions
// emulator, and in its workers.
//
// The functions emulator keeps a pool of worker processes for each function: the first call of
// every function, and every call that finds that function's workers busy, starts a Node process
// (about a second of processor and of waiting) that then serves that function alone. A test run
// calls about ninety functions and so started ninety workers, each on a test's clock. Here the
// workers are one pool that serves every function: a call takes any idle worker, and a new one
// starts only when every worker is busy, as before. Before each request the worker is told which
// function to run, through the message the emulator's own debug mode (--inspect-functions) sends,
// which the worker runtime reads when FUNCTION_DEBUG_MODE is set. Unlike that mode, calls still run
// side by side and keep each function's timeout, and the request waits until the worker has said
// it took the message: the message and the request travel apart (IPC and HTTP), and a request that
// overtook its message would run the function before. Each function's code is the same bundle
// either way; what a worker keeps in memory (the search index, a Stripe client) is read again from
// Firestore or the settings as in any instance.
// If a later firebase-tools renames what this relies on, it throws at start rather than run otherwise.
'use strict';
/** The runtime log line by which a worker says it took the function a request is for. */
const FUNCTION_TAKEN = 'harbor-function-taken';

if (process.env.HARBOR_SHARED_FUNCTION_WORKERS === '1' && process.env.FUNCTIONS_EMULATOR === 'true') {
  // A worker: the runtime's own listener, registered after this one, takes the function in the
  // same event; the answer goes once that is done, as a log line the emulator reads anyway.
  process.on('message', () => {
    setImmediate(() => process.send?.(`${JSON.stringify({ level: 'DEBUG', type: FUNCTION_TAKEN, text: 'function taken' })}\n`));
  });
} else if (process.env.HARBOR_SHARED_FUNCTION_WORKERS === '1') {
  const Module = require('node:module');
  const path = require('node:path');
  const emulatorDir = path.join('firebase-tools', 'lib', 'emulator');
  const load = Module._load;
  let shared = false;
  Module._load = function loadAndShare(request, parent, isMain) {
    const exports = load.call(this, request, parent, isMain);
    if (!shared && /functionsEmulator(\.js)?$/.test(request)) {
      const file = Module._resolveFilename(request, parent, isMain);
      if (file.endsWith(path.join(emulatorDir, 'functionsEmulator.js'))) {
        shared = true;
        const dir = path.dirname(file);
        shareWorkers(exports, require(path.join(dir, 'functionsRuntimeWorker.js')), require(path.join(dir, 'functionsEmulatorShared.js')), require(path.join(dir, 'emulatorLogger.js')));
      }
    }
    return exports;
  };

  function shareWorkers({ FunctionsEmulator }, { RuntimeWorkerPool, RuntimeWorkerState }, { getSignatureType }, { EmulatorLogger }) {
    const needed = { FunctionsEmulator, RuntimeWorkerPool, RuntimeWorkerState, getSignatureType, EmulatorLogger };
    const missing = Object.keys(needed).filter((name) => !needed[name]);
    if (missing.length > 0 || typeof FunctionsEmulator.prototype.handleHttpsTrigger !== 'function' || typeof FunctionsEmulator.prototype.getEmulatorEnvs !== 'function') {
      throw new Error(`sharedFunctionWorkers.cjs: this firebase-tools lacks ${missing.join(', ') || 'handleHttpsTrigger or getEmulatorEnvs'}; update the script or unset HARBOR_SHARED_FUNCTION_WORKERS.`);
    }
    /** Each pool's emulator, whose triggers name the function a request is for. */
    const emulatorOfPool = new WeakMap();
    const handleHttpsTrigger = FunctionsEmulator.prototype.handleHttpsTrigger;
    FunctionsEmulator.prototype.handleHttpsTrigger = function handleWithSharedWorkers(req, res) {
      for (const pool of Object.values(this.workerPools)) emulatorOfPool.set(pool, this);
      return handleHttpsTrigger.call(this, req, res);
    };
    const getEmulatorEnvs = FunctionsEmulator.prototype.getEmulatorEnvs;
    FunctionsEmulator.prototype.getEmulatorEnvs = function emulatorEnvsOfSharedWorker() {
      return { ...getEmulatorEnvs.call(this), FUNCTION_DEBUG_MODE: 'true' };
    };

    RuntimeWorkerPool.prototype.getKey = () => '~every function~';
    RuntimeWorkerPool.prototype.submitRequest = async function submitToSharedWorker(triggerId, req, resp, body) {
      const trigger = Object.values(emulatorOfPool.get(this)?.triggers ?? {}).find((record) => record.def.id === triggerId)?.def;
      if (!trigger) throw new Error(`The functions emulator has no function ${triggerId}.`);
      const worker = this.getIdleWorker(triggerId);
      if (!worker) throw new Error(`No idle worker for ${triggerId}: the emulator starts one before it submits a request.`);
      // Taken before the message is sent, so that no other call picks this worker meanwhile.
      worker.state = RuntimeWorkerState.BUSY;
      worker.triggerKey = triggerId;
      worker.timeoutSeconds = trigger.timeoutSeconds;
      worker.logger = EmulatorLogger.forFunction(triggerId, worker.extensionLogInfo);
      // A worker that dies meanwhile fails the request below, as any dead worker does.
      await new Promise((taken, failed) => {
        const { events, process: child } = worker.runtime;
        const done = () => {
          events.removeListener('log', onLog);
          child.removeListener('exit', done);
          taken();
        };
        const onLog = (log) => log.type === FUNCTION_TAKEN && done();
        events.on('log', onLog);
        child.once('exit', done);
        worker.sendDebugMsg({ functionTarget: trigger.entryPoint, functionSignature: getSignatureType(trigger) }).catch(failed);
      });
      return worker.request(req, resp, body, false);
    };
  }
}
