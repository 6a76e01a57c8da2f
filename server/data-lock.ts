import { join } from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * Takes the data folder for this process. PGlite has no lock of its own: two processes on one
 * folder would silently lose writes. Answers the release function.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, { lockfilePath: join(dataDir, 'server.lock'), stale: 15_000 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new Error(
        `Another Crease server is already using the data folder ${dataDir}. Stop it, or set DATA_DIR to another folder.`,
        { cause: error },
      );
    }
    throw error;
  }
}
