/**
 * The screens of any declared entity, on the fake league, checked against its declaration: what an
 * admin would notice. `npm run new:entity` writes a test file that calls this for the new entity.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { can, messagesOf, textsOf, type EntityDeclaration } from '../../src/domain';
import { renderApp, signIn } from './renderApp';

const slow = { timeout: 15000 };
const TYPED = new Set(['text', 'longtext', 'url', 'email', 'number']);

export function describeDeclaredScreens(entity: EntityDeclaration) {
  const texts = textsOf(entity);
  const demo = entity.demo as readonly Record<string, unknown>[];
  const titleOf = (i: number) => String(demo[i]?.[entity.title] ?? '');
  const titleLabel = entity.fields[entity.title].label;
  const main = () => within(document.getElementById('main-content')!);
  /** Picks an option of a select (a choice, or a reference's records), by its text or the first one. */
  async function choose(label: string, option?: string) {
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: new RegExp(`^${label}`) }, slow));
    const listbox = await screen.findByRole('listbox', {}, slow);
    const options = await within(listbox).findAllByRole('option', {}, slow);
    fireEvent.click(option === undefined ? options.find((item) => item.textContent?.trim())! : within(listbox).getByRole('option', { name: option }));
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  }

  describe(`${entity.name} screens`, () => {
    beforeEach(signIn);

    it.runIf(can(entity, 'list') && demo.length > 0)('lists the demo records with their total, in the menu, and finds one by search', async () => {
      renderApp(`/${entity.name}`);
      expect(await screen.findByRole('heading', { level: 1, name: texts.listTitle }, slow)).toBeInTheDocument();
      await screen.findByText(`Total Item: ${demo.length}`, {}, slow);
      expect(main().getAllByText(titleOf(0)).length).toBeGreaterThan(0);
      expect(screen.getAllByRole('link', { name: entity.menu.label }).some((link) => link.getAttribute('href') === `/${entity.name}`)).toBe(true);
      if (entity.list.search.includes(entity.title) && demo.length > 1) {
        await userEvent.type(screen.getByRole('textbox', { name: texts.searchPlaceholder }), `  ${titleOf(1)}  `);
        await screen.findByText('Total Item: 1', {}, slow);
        expect(main().getAllByText(titleOf(1)).length).toBeGreaterThan(0);
      }
    });

    it.runIf(can(entity, 'show') && demo.length > 0)('shows a record with a fact for each field', async () => {
      renderApp(`/${entity.name}/${entity.name}-demo-1`);
      expect(await screen.findByRole('heading', { level: 1, name: texts.detailTitle }, slow)).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: titleOf(0) }, slow)).toBeInTheDocument();
      // A fact's label is its own line (a value may read the same, as an Active badge does).
      for (const [name, field] of Object.entries(entity.fields)) if (name !== entity.title) expect(screen.getByText(field.label, { selector: 'p' }), name).toBeInTheDocument();
    });

    it.runIf(can(entity, 'create'))('refuses a form without what is required, then adds the record', async () => {
      const { dataProvider } = renderApp(`/${entity.name}/create`);
      expect(await screen.findByRole('heading', { level: 1, name: texts.createTitle }, slow)).toBeInTheDocument();
      const required = Object.entries(entity.fields).find(([, field]) => field.required && TYPED.has(field.kind));
      if (required) {
        fireEvent.click(screen.getByRole('button', { name: texts.createSubmit }));
        expect(await screen.findByText(messagesOf(required[1]).required, {}, slow)).toBeInTheDocument();
      }
      for (const [name, field] of Object.entries(entity.fields)) {
        const value = name === entity.title ? `${entity.label.one} Added` : demo[0]?.[name];
        if (field.kind === 'choice' && !field.many && value) await choose(field.label, String(value));
        else if (field.kind === 'ref' && field.required) await choose(field.label);
        if (!TYPED.has(field.kind) || value === undefined || value === null) continue;
        fireEvent.change(screen.getByLabelText(field.label), { target: { value: String(value) } });
      }
      fireEvent.click(screen.getByRole('button', { name: texts.createSubmit }));
      expect(await screen.findByText(texts.createSuccess, {}, slow)).toBeInTheDocument();
      const { data } = await dataProvider.getList(entity.name, { pagination: { page: 1, perPage: 100 }, sort: { field: 'createdAt', order: 'DESC' }, filter: {} });
      expect(data[0][entity.title]).toBe(`${entity.label.one} Added`);
    });

    it.runIf(can(entity, 'update') && demo.length > 0)('saves an edit', async () => {
      const { dataProvider } = renderApp(`/${entity.name}/${entity.name}-demo-1/edit`);
      expect(await screen.findByRole('heading', { level: 1, name: texts.editTitle }, slow)).toBeInTheDocument();
      const input = await screen.findByLabelText(titleLabel, {}, slow);
      await waitFor(() => expect(input).toHaveValue(titleOf(0)));
      fireEvent.change(input, { target: { value: `${titleOf(0)} Edited` } });
      // Demo records name no record (there is none to name when they are declared): an admin picks one.
      for (const field of Object.values(entity.fields)) if (field.kind === 'ref' && field.required) await choose(field.label);
      fireEvent.click(screen.getByRole('button', { name: texts.editSubmit }));
      expect(await screen.findByText(texts.editSuccess, {}, slow)).toBeInTheDocument();
      const { data } = await dataProvider.getOne(entity.name, { id: `${entity.name}-demo-1` });
      expect(data[entity.title]).toBe(`${titleOf(0)} Edited`);
    });

    it.runIf(can(entity, 'delete') && demo.length > 0)('deletes a record after the question', async () => {
      renderApp(`/${entity.name}/${entity.name}-demo-1`);
      await screen.findByRole('heading', { name: titleOf(0) }, slow);
      fireEvent.click(main().getByRole('button', { name: 'Delete' }));
      const dialog = await screen.findByRole('dialog', {}, slow);
      expect(within(dialog).getByText(texts.deleteConfirm)).toBeInTheDocument();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText(texts.deleteSuccess, {}, slow)).toBeInTheDocument();
    });
  });
}
