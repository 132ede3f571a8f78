// The business-data store: reference data, lookups over it, USCC validation, the demo dataset
// generator and the importer. Engines read the tables described in docs/data.md through these.
export * from './lookup.ts';
export * from './reference/index.ts';
export { checkUscc, isValidUscc, looksLikeUscc, makeUscc, type UsccCheck, usccCheckChar } from './uscc.ts';
