// Where report files live. A small interface so a deployment with several machines can put them
// in a shared store; the default keeps them on local disk under DATA_DIR/reports.

import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

export interface FileStore {
  /** Writes a file whole; readers never see a half-written one. */
  put(path: string, data: Buffer): Promise<void>;
  /** The file, or undefined when it is not there. */
  get(path: string): Promise<Buffer | undefined>;
  /** Removes a folder of files (a report's), if present. */
  removeAll(prefix: string): Promise<void>;
}

/** Store paths are relative, slash-separated, without "." or ".." segments. */
function checkPath(path: string): void {
  const parts = path.split('/');
  if (
    path.startsWith('/') ||
    parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\\'))
  ) {
    throw new Error(`invalid store path "${path}"`);
  }
}

export class LocalFileStore implements FileStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private locate(path: string): string {
    checkPath(path);
    const full = resolve(join(this.root, path));
    if (!full.startsWith(this.root + sep)) throw new Error(`store path "${path}" leaves the store`);
    return full;
  }

  async put(path: string, data: Buffer): Promise<void> {
    const full = this.locate(path);
    await mkdir(dirname(full), { recursive: true });
    // Write beside, then rename: a rename within one folder is atomic.
    const temporary = `${full}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, full);
  }

  async get(path: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.locate(path));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async removeAll(prefix: string): Promise<void> {
    await rm(this.locate(prefix), { recursive: true, force: true });
  }
}

/** The default store: DATA_DIR/reports. */
export function localStore(dataDir: string): FileStore {
  return new LocalFileStore(join(dataDir, 'reports'));
}
