/** The default image store: a folder on this machine (`DATA_DIR/uploads`), served by @fastify/static. */
import { mkdirSync } from 'node:fs';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImageStore } from './store';

export class FolderImageStore implements ImageStore {
  readonly kind = 'folder';

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  async put(name: string, bytes: Buffer, _contentType?: string, { replace = false } = {}): Promise<void> {
    await writeFile(join(this.dir, name), bytes, { flag: replace ? 'w' : 'wx' });
  }

  async get(name: string): Promise<Buffer | undefined> {
    try {
      return await readFile(join(this.dir, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** Backups copying the folder right now, and the removals asked for meanwhile (done when the last finishes). */
  private holds = 0;
  private held: string[] = [];

  async remove(name: string): Promise<void> {
    if (this.holds > 0) this.held.push(name);
    else await rm(join(this.dir, name), { force: true }).catch(() => undefined);
  }

  /** Keeps every file in place until the answered function is called (a backup is copying the folder). */
  holdRemovals(): () => Promise<void> {
    this.holds++;
    return async () => {
      if (--this.holds > 0) return;
      const names = this.held;
      this.held = [];
      await Promise.all(names.map((name) => this.remove(name)));
    };
  }

  async namesOlderThan(cutoff: Date): Promise<string[]> {
    const names = await readdir(this.dir);
    const old: string[] = [];
    for (const name of names) {
      const info = await stat(join(this.dir, name)).catch(() => undefined);
      if (info?.isFile() && info.mtime < cutoff) old.push(name);
    }
    return old;
  }

  async check(): Promise<void> {
    await stat(this.dir);
  }
}
