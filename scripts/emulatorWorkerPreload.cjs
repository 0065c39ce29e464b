// Loaded into every process the emulator harness starts (NODE_OPTIONS=--require, scripts/emulators.ts);
// it acts only in a functions emulator worker (FUNCTIONS_EMULATOR=true), which the emulator starts
// for every function on its first call and for every call that finds its workers busy.
//
// firebase-tools' worker runtime requires functionsEmulatorShared, which requires firebase-tools'
// deploy planner, extensions manifest and CLI utilities at its top, yet uses them only inside
// functions the worker never calls (it uses findModuleRoot and HttpConstants). Loading them was
// about 0.8 s of processor in every worker's start, more than our own functions' bundle. Here each
// of them is loaded on its first use instead: the worker behaves the same, and starts for less.
// If a later firebase-tools moves or renames them, nothing matches and the worker loads as before.
'use strict';
if (process.env.FUNCTIONS_EMULATOR === 'true') {
  const Module = require('node:module');
  const path = require('node:path');
  const shared = path.join('firebase-tools', 'lib', 'emulator', 'functionsEmulatorShared.js');
  const deferred = new Set([
    '../deploy/functions/backend',
    '../deploy/functions/prepare',
    '../deploy/functions/services',
    '../extensions/manifest',
    '../extensions/extensionsHelper',
    './extensions/postinstall',
    '../utils',
  ]);
  const load = Module._load;
  Module._load = function loadOnFirstUse(request, parent, isMain) {
    if (!deferred.has(request) || !parent?.filename?.endsWith(shared)) return load.call(this, request, parent, isMain);
    let exports;
    const loaded = () => (exports ??= load.call(this, request, parent, isMain));
    return new Proxy(
      {},
      {
        get: (_, key) => loaded()[key],
        has: (_, key) => key in loaded(),
        ownKeys: () => Reflect.ownKeys(loaded()),
        getOwnPropertyDescriptor: (_, key) => {
          const descriptor = Reflect.getOwnPropertyDescriptor(loaded(), key);
          return descriptor && { ...descriptor, configurable: true };
        },
      },
    );
  };
}
