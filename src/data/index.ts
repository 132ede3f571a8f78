// The business-data store: reference data, lookups over it, USCC validation, the demo dataset
// generator and the importer. Engines read the tables described in docs/data.md through these.

export { DEMO_LABEL, type DemoLoadOptions, type DemoLoadResult, demoSize, loadDemo } from './demo/load.ts';
export { CONTACT_TITLES_EN } from './demo/records.ts';
// The CLI commands (./cli.ts, registerDataCommands) are not re-exported here: they import the
// engines, which import this module.
export type { CompanyRow } from './demo/rows.ts';
export { type FileReport, type ImportReport, importDirectory, type RowProblem } from './import/importer.ts';
export * from './lookup.ts';
export * from './reference/index.ts';
export { checkUscc, isValidUscc, looksLikeUscc, makeUscc, type UsccCheck, usccCheckChar } from './uscc.ts';
