/**
 * Build-time configuration (Vite `VITE_*` variables). Every default keeps a fresh checkout working
 * against the API served from the same origin.
 */
const env = import.meta.env;

/** API origin; empty means the admin app and the API share one origin. */
export const API_URL = (env.VITE_API_URL ?? '').replace(/\/+$/, '');

export const SUPPORT_EMAIL = env.VITE_SUPPORT_EMAIL || 'support@crease.app';
export const SUPPORT_PHONE = env.VITE_SUPPORT_PHONE || '+91 80 4000 1234';

export const STORE_LINKS = {
  googlePlay: env.VITE_GOOGLE_PLAY_URL || 'https://play.google.com/store/apps/details?id=app.crease',
  appStore: env.VITE_APP_STORE_URL || 'https://apps.apple.com/app/crease/id0000000000',
};

/** `VITE_FAKE_API=1`: the in-memory league (main.tsx), which has no passkeys to offer. */
export const FAKE_API = env.VITE_FAKE_API === '1';
