// Prefixed random identifiers: the prefix tells what an id names, the rest is unguessable.
import { randomBytes } from 'node:crypto';

export type IdPrefix = 'acct' | 'key' | 'job' | 'cs' | 'pi' | 'rpt' | 'led' | 'evt' | 'run' | 're' | 'pay';

export type Id<P extends IdPrefix> = `${P}_${string}`;

export function newId<P extends IdPrefix>(prefix: P, bytes = 12): Id<P> {
  return `${prefix}_${randomBytes(bytes).toString('base64url')}`;
}
