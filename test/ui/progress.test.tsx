/**
 * A progress indicator shown while a lookup loads has a name (axe's aria-progressbar-name): react-admin's
 * own (the app bar's spinner, a loading input's, a loading reference's bar) as much as the app's.
 */
import { screen } from '@testing-library/react';
import { MATCH_TEXTS, SHELL } from '../../src/domain';
import { renderApp, signIn } from './renderApp';

const slow = { timeout: 15_000 };

/** The app with every list and reference read held until `release()`; the record itself loads. */
function renderWithLookupsHeld(path: string) {
  const app = renderApp(path);
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const { getList, getMany, getManyReference } = app.dataProvider;
  app.dataProvider.getList = (resource, params) => gate.then(() => getList(resource, params));
  app.dataProvider.getMany = (resource, params) => gate.then(() => getMany(resource, params));
  app.dataProvider.getManyReference = (resource, params) => gate.then(() => getManyReference(resource, params));
  return { ...app, release };
}

/** Every progress indicator on the page, once react-admin's have appeared (a loading input's waits a second). */
async function progressIndicators() {
  await screen.findAllByRole('progressbar', {}, slow);
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  const indicators = screen.getAllByRole('progressbar');
  for (const indicator of indicators) expect(indicator, indicator.className).toHaveAccessibleName();
  return indicators;
}

describe('progress while a match lookup loads', () => {
  beforeEach(signIn);

  it('names every progress indicator on the detail page, the app bar’s spinner among them', async () => {
    const app = renderWithLookupsHeld('/matches/match-1');
    await screen.findByRole('heading', { level: 1, name: MATCH_TEXTS.detailTitle }, slow);
    const indicators = await progressIndicators();
    expect(indicators.filter((indicator) => indicator.closest('header'))).toEqual([expect.toHaveAccessibleName(SHELL.loading)]);
    app.release();
  });

  it('names every progress indicator on the edit page, the stadium input’s spinner among them', async () => {
    const app = renderWithLookupsHeld('/matches/match-1/edit');
    await screen.findByRole('heading', { level: 1, name: MATCH_TEXTS.editTitle }, slow);
    const indicators = await progressIndicators();
    expect(indicators.filter((indicator) => indicator.closest('form'))).toContainEqual(expect.toHaveAccessibleName(SHELL.loading));
    app.release();
  });
});
