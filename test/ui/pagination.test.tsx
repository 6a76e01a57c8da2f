import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ListBase, TestMemoryRouter, memoryStore, type DataProvider } from 'react-admin';
import type { Location } from 'react-router-dom';
import { ListPagination, PaginationBar } from '../../src/common/ListPagination';
import { createFakeDataProvider } from '../../src/providers/fakeDataProvider';

/** The labels of the bar's buttons and ellipses, in order. */
function barItems() {
  const nav = screen.getByRole('navigation', { name: 'pagination' });
  return within(nav)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

const renderBar = (page: number, pageCount: number, total = pageCount * 10) => {
  const onChange = vi.fn();
  render(<PaginationBar page={page} pageCount={pageCount} total={total} onChange={onChange} />);
  return onChange;
};

describe('pagination bar', () => {
  it('with 1 page shows the single page between disabled Prev and Next', () => {
    renderBar(1, 1, 4);
    expect(barItems()).toEqual(['Prev', '1', 'Next']);
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByText('Total Item: 4')).toBeInTheDocument();
  });

  it('with 10 pages shows 1 to 10 and no ellipsis', () => {
    renderBar(1, 10);
    expect(barItems()).toEqual(['Prev', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'Next']);
  });

  it('with 11 pages shows 1 to 10 and the last page (nothing hidden, so no ellipsis)', () => {
    renderBar(1, 11);
    expect(barItems()).toEqual(['Prev', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', 'Next']);
  });

  it('with 57 pages shows 1 to 10, an ellipsis, the last page, and the total', async () => {
    const onChange = renderBar(1, 57, 565);
    expect(barItems()).toEqual(['Prev', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '…', '57', 'Next']);
    expect(screen.getByText('Total Item: 565')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to page 1' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 57' }));
    expect(onChange).toHaveBeenCalledWith(57);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('keeps the current page visible beyond page 10', () => {
    renderBar(24, 57);
    expect(barItems()).toEqual(['Prev', '1', '…', '21', '22', '23', '24', '25', '26', '27', '28', '29', '30', '…', '57', 'Next']);
    expect(screen.getByRole('button', { name: 'Go to page 24' })).toHaveAttribute('aria-current', 'page');
  });

  it('under a list, sets the page query parameter and shows that page', async () => {
    let location: Location | undefined;
    render(
      <TestMemoryRouter initialEntries={['/users']} locationCallback={(l) => (location = l)}>
        <AdminContext dataProvider={createFakeDataProvider()} store={memoryStore()}>
          <ListBase resource="users" perPage={10}>
            <ListPagination />
          </ListBase>
        </AdminContext>
      </TestMemoryRouter>,
    );
    expect(await screen.findByText('Total Item: 25')).toBeInTheDocument();
    expect(barItems()).toEqual(['Prev', '1', '2', '3', 'Next']);
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() => expect(new URLSearchParams(location!.search).get('page')).toBe('3'));
    expect(screen.getByRole('button', { name: 'Go to page 3' })).toHaveAttribute('aria-current', 'page');
  });

  it("says 'About' before a broad search's estimated total, rounded to two figures", async () => {
    const estimating = { ...createFakeDataProvider(), getList: async () => ({ data: [], total: 22_988, meta: { totalIsEstimate: true } }) } as DataProvider;
    render(
      <TestMemoryRouter initialEntries={['/users']}>
        <AdminContext dataProvider={estimating} store={memoryStore()}>
          <ListBase resource="users" perPage={10}>
            <ListPagination />
          </ListBase>
        </AdminContext>
      </TestMemoryRouter>,
    );
    expect(await screen.findByText('Total Item: About 23,000')).toBeInTheDocument();
  });
});
