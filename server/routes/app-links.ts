/**
 * App links: the files Android and iOS fetch to let the fans' app open this server's reset and
 * verification links (RESET_PAGE_PATH, VERIFY_PAGE_PATH) when it is installed; in a browser they
 * open the pages as before.
 * - `/.well-known/assetlinks.json` (Android App Links) from ANDROID_APP_ID and ANDROID_CERT_SHA256.
 *   It names the app and its signing certificates; which paths the app takes is said by the app's own
 *   intent filters.
 * - `/.well-known/apple-app-site-association` (iOS Universal Links, JSON without an extension) from
 *   IOS_APP_ID, naming the two paths (both the iOS 13+ `components` and the older `paths`).
 * Unset, each answers a JSON 404: no app claims the links.
 */
import type { FastifyPluginAsync } from 'fastify';
import { FAN_TEXTS, RESET_PAGE_PATH, VERIFY_PAGE_PATH } from '../../src/domain/fans';
import { notFound } from '../errors';

export interface AppLinks {
  android?: { packageName: string; fingerprints: string[] };
  /** `<TEAMID>.<bundle id>` */
  iosAppId?: string;
}

/** Phones and Apple's CDN fetch these now and then; an hour keeps a change of settings soon seen. */
const CACHE = 'public, max-age=3600';
const PATHS = [RESET_PAGE_PATH, VERIFY_PAGE_PATH];

export const assetLinks = (android: NonNullable<AppLinks['android']>) => [
  {
    relation: ['delegate_permission/common.handle_all_urls'],
    target: { namespace: 'android_app', package_name: android.packageName, sha256_cert_fingerprints: android.fingerprints },
  },
];

export const appSiteAssociation = (iosAppId: string) => ({
  applinks: {
    apps: [],
    details: [{ appIDs: [iosAppId], components: PATHS.map((path) => ({ '/': path })), appID: iosAppId, paths: PATHS }],
  },
});

const appLinkRoutes: FastifyPluginAsync<{ appLinks: AppLinks }> = async (app, { appLinks }) => {
  app.get('/.well-known/assetlinks.json', { schema: { hide: true } }, async (_request, reply) => {
    if (!appLinks.android) throw notFound(FAN_TEXTS.appLinksUnset);
    reply.type('application/json').header('cache-control', CACHE);
    return assetLinks(appLinks.android);
  });

  app.get('/.well-known/apple-app-site-association', { schema: { hide: true } }, async (_request, reply) => {
    if (!appLinks.iosAppId) throw notFound(FAN_TEXTS.appLinksUnset);
    reply.type('application/json').header('cache-control', CACHE);
    return appSiteAssociation(appLinks.iosAppId);
  });
};

export default appLinkRoutes;
