/**
 * Push settings from the server's configuration: the service account read and checked once at
 * start. A key file that cannot be used leaves push unset, with a warning naming why: the server
 * still starts, and notifications say that delivery is not set up.
 */
import type { Config } from '../config';
import { readServiceAccount, type FcmSettings } from './fcm';

export interface PushOptions {
  /** Without it, notifications are stored as not-configured and nothing is sent. */
  fcm?: FcmSettings;
  /** PUBLIC_URL: the address phones fetch pictures from. */
  publicUrl?: string;
}

export function pushSettings(config: Pick<Config, 'push'>, warn: (message: string) => void): PushOptions {
  const { credentialsFile, apiUrl, publicUrl, concurrency } = config.push;
  if (!credentialsFile) return { publicUrl };
  try {
    const account = readServiceAccount(credentialsFile);
    if (!publicUrl) warn('PUBLIC_URL is not set: notifications are sent without their pictures (a phone needs an absolute address).');
    return { fcm: { account, apiUrl, concurrency }, publicUrl };
  } catch (error) {
    warn(`Push delivery is off: ${(error as Error).message}`);
    return { publicUrl };
  }
}
