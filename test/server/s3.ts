/**
 * A real S3 API on loopback (s3rver), started inside the test, and the settings a server needs
 * to keep its images there.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../server/storage/s3-store';

export interface LoopbackS3 {
  settings: S3Settings;
  /** The same settings as server environment variables. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3(bucket = 'crease'): Promise<LoopbackS3> {
  const directory = await mkdtemp(join(tmpdir(), 'crease-s3-'));
  const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts any keys; the SDK insists on some.
  const settings: S3Settings = { bucket, endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
  return {
    settings,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId!,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey!,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await s3.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
