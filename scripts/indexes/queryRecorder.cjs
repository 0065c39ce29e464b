// Records the structured query of every Firestore query the Admin SDK sends from the functions
// emulator's workers, for the index check (queryShapes.ts). The test harness loads it into the
// processes it starts with NODE_OPTIONS=--require; it does nothing outside a functions worker
// (FUNCTIONS_EMULATOR=true) or without HARBOR_QUERY_LOG, the folder of the run's query logs.
'use strict';
const folder = process.env.HARBOR_QUERY_LOG;
if (folder && process.env.FUNCTIONS_EMULATOR === 'true') {
  const fs = require('node:fs');
  const path = require('node:path');
  const Module = require('node:module');
  const file = path.join(folder, `functions-${process.pid}.jsonl`);
  const written = new Set();
  const withoutValues = (filter) => {
    if (!filter) return undefined;
    if (filter.compositeFilter) return { compositeFilter: { op: filter.compositeFilter.op, filters: filter.compositeFilter.filters.map(withoutValues) } };
    const [kind, single] = Object.entries(filter)[0];
    return { [kind]: { field: single.field, op: single.op } };
  };
  const record = (query) => {
    const line = JSON.stringify({ from: query.from, where: withoutValues(query.where), orderBy: query.orderBy });
    if (written.has(line)) return;
    written.add(line);
    fs.mkdirSync(folder, { recursive: true });
    fs.appendFileSync(file, `${line}\n`);
  };
  const load = Module._load;
  Module._load = function loadAndPatch(request, ...rest) {
    const exports = load.call(this, request, ...rest);
    if (request === '@google-cloud/firestore' && exports.Query && !exports.Query.prototype.harborRecorded) {
      const toProto = exports.Query.prototype.toProto;
      exports.Query.prototype.toProto = function recordedToProto(...args) {
        const request = toProto.apply(this, args);
        record(request.structuredQuery);
        return request;
      };
      exports.Query.prototype.harborRecorded = true;
    }
    return exports;
  };
}
