import { join } from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * Takes the data folder for this process. PGlite has no lock of its own: two processes on one
 * folder would silently lose writes. Answers the release function.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: join(dataDir, 'server.lock'),
      // Creating and seeding a fresh PGlite folder can block the event loop for seconds.
      stale: 60_000,
      // proper-lockfile throws from a timer by default, which would kill a healthy server.
      onCompromised: (error) => console.error(`The lock on ${dataDir} was lost: ${error.message}`),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new Error(
        `Another Crease process (a running server?) is using the data folder ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
        { cause: error },
      );
    }
    throw error;
  }
}
