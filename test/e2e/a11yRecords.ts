import type { APIRequestContext, TestInfo } from '@playwright/test';
import { sharedNotification, sharedSlide } from './notificationRecords';
import { sharedMatch, sharedNews, sharedSquad, sharedVideo } from './session';

/**
 * The records the accessibility pass looks at, made once per run through the API (`video`, `news`,
 * `match`, `notification`, `team`, `player` ids), and a slide so the slides page is not empty.
 * Made before any spec runs (a11y-records.setup.ts): the pass then runs beside the other specs
 * without adding records under them (the slides spec counts its list).
 */
export async function a11yRecords(request: APIRequestContext, info: TestInfo): Promise<Record<string, string>> {
  const records: Record<string, string> = {
    video: await sharedVideo(request, info, 'a11y'),
    news: await sharedNews(request, info, 'a11y'),
    match: await sharedMatch(request, info, 'a11y'),
    notification: await sharedNotification(request, info, 'a11y'),
  };
  // New slides go last, so the order tests of other specs still hold.
  await sharedSlide(request, info, 'a11y');
  return { ...records, ...(await sharedSquad(request, info, 'a11y')) };
}
