import { loadModel } from '@specwright/core';
const m = await loadModel(process.argv[2]);
const s = m.schemas.find((s) => s.sourceName === process.argv[3]);
const n = s.schema;
const prop = process.argv[4];
const out = prop ? (Array.isArray(n.properties) ? n.properties.find((p) => p.name === prop) : n.properties?.[prop]) : n;
console.log(JSON.stringify(out, null, 0).slice(0, 2000));
