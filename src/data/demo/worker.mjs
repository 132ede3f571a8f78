// Entry of the demo generator's worker thread. Worker threads do not inherit tsx's loader, so
// this plain-JS entry registers it before importing the TypeScript generator.
import { register } from 'tsx/esm/api';

register();
await import('./worker-main.ts');
