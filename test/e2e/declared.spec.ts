/**
 * Every declared entity end to end against the real server, read from its declaration: add a record
 * through its form, find it by search, open it, edit it (a stale edit is refused with the conflict
 * notice), and delete it, as far as its operations allow. A new entity is covered without an edit here.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { CONFLICT, ENTITIES, TARGET_FIELDS, adminFormFields, apiPathOf, can, createPathOf, formLabelOf, textsOf, type EntityDeclaration, type FieldDeclaration } from '../../src/domain';
import { withLock, type LockName } from './lock';
import { apiToken, startSignedIn } from './session';

startSignedIn();
test.use({ viewport: { width: 1400, height: 900 } });

const shot = (name: string) => ({ path: test.info().outputPath(`${name}.png`), fullPage: true });
const STAMP = Date.now();

/** A valid value a person would type for each field (the title carries the run's stamp, to find it). */
function valueFor(entity: EntityDeclaration, name: string, field: FieldDeclaration): string | boolean | undefined {
  const base = name === entity.title ? `E2E ${entity.label.one} ${STAMP}` : `${field.label} value`;
  switch (field.kind) {
    case 'text':
    case 'longtext':
    case 'richtext':
      return base.padEnd(field.minLength ?? 0, '.');
    case 'url':
      return 'https://example.com/e2e';
    case 'email':
      return 'e2e@example.com';
    case 'number':
      return String(Math.max(field.min ?? 1, 1));
    case 'date':
      return '2026-05-01';
    case 'boolean':
      return true;
    case 'choice':
      return field.choices?.[0];
    case 'ref':
      // A required one: the first record offered (see fillForm); an optional one is left empty (there may be none to offer).
      return field.required ? true : undefined;
    default:
      return undefined;
  }
}

async function fillForm(page: Page, entity: EntityDeclaration, values: Record<string, unknown>) {
  for (const [name, field] of adminFormFields(entity)) {
    const value = values[name];
    if (value === undefined) continue;
    if (field.kind === 'boolean') {
      const box = page.getByRole('checkbox', { name: formLabelOf(field) });
      if ((await box.isChecked()) !== value) await box.click();
    } else if (field.kind === 'choice') {
      await page.getByRole('combobox', { name: formLabelOf(field) }).click();
      await page.getByRole('option', { name: String(value), exact: true }).click();
      // A list stays open for more choices.
      if (field.many) await page.keyboard.press('Escape');
    } else if (field.kind === 'ref') {
      await page.getByRole('combobox', { name: formLabelOf(field) }).click();
      // The first that names a record (a select may offer an empty choice first).
      await page.getByRole('option').filter({ hasText: /\w/ }).first().click();
    } else if (field.kind === 'richtext') {
      // The editor is a contenteditable, not a form control.
      await page.locator('.ProseMirror').first().click();
      await page.keyboard.type(String(value));
    } else {
      await page.getByLabel(formLabelOf(field), { exact: true }).fill(String(value));
    }
  }
}

/** Its kind's lock, where another spec counts that kind; a notification is sent to every phone at once. */
const locksOf = (entity: EntityDeclaration): LockName[] =>
  [entity.name === 'notifications' ? 'devices' : entity.name].filter((name): name is LockName => ['devices', 'matches', 'news', 'slides', 'teams'].includes(name));

// An entity added in a dialog over its list has a flow of its own (slides: notifications.spec.ts), as
// has one whose records are not found by their title (matches, by stadium: matches.spec.ts).
for (const entity of ENTITIES.filter((declared) => can(declared, 'create') && declared.createIn !== 'dialog' && declared.list.search.includes(declared.title))) {
  const texts = textsOf(entity);
  // What the server keeps alone, or takes from API clients only, is not on the form.
  // A target (slides, notifications) is chosen in inputs of its own, each shown by the one before: targets.spec.ts drives them.
  const values = Object.fromEntries(adminFormFields(entity).filter(([name]) => !(name in TARGET_FIELDS)).map(([name, field]) => [name, valueFor(entity, name, field)]));
  const title = String(values[entity.title]);
  // What the API is sent as the form's values (a reference: the record the form chose, added once known).
  const formValues = Object.fromEntries(Object.entries(values).flatMap(([name, value]) => (value === undefined || entity.fields[name].kind === 'ref' ? [] : [[name, String(value)]])));
  /** The ids a record's references name: a lookup's populated `{ _id }`, else the id itself. */
  const referencesOf = (record: Record<string, unknown>) =>
    Object.fromEntries(
      adminFormFields(entity).flatMap(([name, field]) => {
        const value = record[name] as { _id?: string } | string | null | undefined;
        return field.kind === 'ref' && value ? [[name, typeof value === 'object' ? String(value._id) : value]] : [];
      }),
    );

  test(`${entity.name}: add through the form, find it, open it, edit it, delete it`, async ({ page, request }) => {
    await withLock(locksOf(entity), async () => {
      await page.goto(`/${entity.name}`);
      await expect(page.getByRole('heading', { name: texts.listTitle, level: 1 })).toBeVisible();
      await page.goto(createPathOf(entity));
      await expect(page.getByRole('heading', { name: texts.createTitle, level: 1 })).toBeVisible();
      await fillForm(page, entity, values);
      const image = Object.keys(entity.fields).find((name) => entity.fields[name].kind === 'image');
      if (image) {
        const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#1d4ed8' } }).png().toBuffer();
        await page.locator('input[type="file"]').first().setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
      }
      await page.screenshot(shot(`${entity.name}-create`));
      await page.getByRole('button', { name: texts.createSubmit }).click();
      await expect(page.getByText(texts.createSuccess).first()).toBeVisible();

      await page.goto(`/${entity.name}`);
      if (entity.list.search.length > 0) {
        await page.getByRole('textbox', { name: texts.searchPlaceholder }).fill(` ${title} `);
        await expect(page).toHaveURL(/filter=/);
      }
      await expect(page.getByText(title).first()).toBeVisible();
      await page.screenshot(shot(`${entity.name}-list`));

      const token = await apiToken(request);
      const found = await request.get(`/admin/${apiPathOf(entity)}?search=${encodeURIComponent(title)}`, { headers: { Authorization: `Bearer ${token}` } });
      const [record] = (await found.json()).data.docs as ({ _id: string; updatedAt?: string } & Record<string, unknown>)[];
      await page.goto(`/${entity.name}/${record._id}`);
      await expect(page.getByRole('heading', { name: texts.detailTitle, level: 1 })).toBeVisible();
      await expect(page.getByText(title).first()).toBeVisible();
      await page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot(shot(`${entity.name}-detail-phone`));
      await page.setViewportSize({ width: 1400, height: 900 });

      if (can(entity, 'update')) {
        await page.goto(`/${entity.name}/${record._id}/edit`);
        await expect(page.getByRole('heading', { name: texts.editTitle, level: 1 })).toBeVisible();
        await expect(page.getByLabel(formLabelOf(entity.fields[entity.title]), { exact: true })).toHaveValue(title);
        if (entity.versioned) {
          // Someone else saves the record while this form is open: this save must be refused.
          const other = await request.put(`/admin/${apiPathOf(entity)}/${record._id}`, {
            headers: { Authorization: `Bearer ${token}` },
            multipart: { ...formValues, ...referencesOf(record), [entity.title]: `${title} (theirs)`, updatedAt: record.updatedAt ?? '' },
          });
          expect(other.ok(), await other.text()).toBe(true);
          await page.getByLabel(formLabelOf(entity.fields[entity.title]), { exact: true }).fill(`${title} (mine)`);
          await page.getByRole('button', { name: texts.editSubmit }).click();
          await expect(page.getByText(CONFLICT.stale).first()).toBeVisible();
          await page.reload();
          await expect(page.getByLabel(formLabelOf(entity.fields[entity.title]), { exact: true })).toHaveValue(`${title} (theirs)`);
        }
        await page.getByLabel(formLabelOf(entity.fields[entity.title]), { exact: true }).fill(`${title} edited`);
        await page.getByRole('button', { name: texts.editSubmit }).click();
        await expect(page.getByText(texts.editSuccess).first()).toBeVisible();
      }

      if (can(entity, 'delete')) {
        await page.goto(`/${entity.name}/${record._id}`);
        await page.getByRole('button', { name: /delete/i }).first().click();
        await page.getByRole('dialog').getByRole('button', { name: /delete/i }).click();
        await expect(page.getByText(texts.deleteSuccess).first()).toBeVisible();
        const gone = await request.get(`/admin/${apiPathOf(entity)}/${record._id}`, { headers: { Authorization: `Bearer ${token}` } });
        expect(gone.status()).toBe(404);
      }
    });
  });
}
