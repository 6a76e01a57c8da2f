/** Runs before every spec: the accessibility pass's records and the shared session exist before any spec looks at a list. */
import { test } from '@playwright/test';
import { a11yRecords } from './a11yRecords';
import { sharedSession } from './session';

test('the accessibility pass has its records and a signed-in session', async ({ request, browser }) => {
  await a11yRecords(request, test.info());
  await sharedSession(browser, test.info());
});
