/**
 * The pagination bar under every list: Prev, pages 1 to 10, an ellipsis and the last
 * page when more exist, Next, and 'Total Item: {count}' ('Total Item: About 23,000' when the server
 * estimated a broad search's total). Pages are grouped by ten so the current page is always visible;
 * react-admin keeps `page` in the URL's query string.
 */
import { Box, PaginationItem, Typography } from '@mui/material';
import { useListContext } from 'react-admin';
import { PAGINATION_VISIBLE_PAGES, SHELL } from '../domain';

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/** Which page buttons to show for `page` of `pageCount`. */
export function pageItems(page: number, pageCount: number): PageItem[] {
  const size = PAGINATION_VISIBLE_PAGES;
  const start = Math.floor((page - 1) / size) * size + 1;
  const end = Math.min(start + size - 1, pageCount);
  const items: PageItem[] = [];
  if (start > 1) items.push(1);
  if (start > 2) items.push('ellipsis-start');
  for (let n = start; n <= end; n++) items.push(n);
  if (end < pageCount - 1) items.push('ellipsis-end');
  if (end < pageCount) items.push(pageCount);
  return items;
}

export type PaginationBarProps = {
  page: number;
  pageCount: number;
  total: number;
  /** The total is the server's estimate. */
  estimated?: boolean;
  onChange: (page: number) => void;
};

/** The bar itself, independent of react-admin so any paged view (dashboard, slides) can use it. */
export function PaginationBar({ page, pageCount, total, estimated = false, onChange }: PaginationBarProps) {
  const last = Math.max(pageCount, 1);
  return (
    <Box
      component="nav"
      aria-label="pagination"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, p: 2 }}
    >
      <Typography variant="body2" color="text.secondary">
        {SHELL.totalItems(estimated ? SHELL.aboutCount(total) : total)}
      </Typography>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', m: 0, p: 0 }}>
        <li>
          <PaginationItem page={SHELL.previousPage} disabled={page <= 1} onClick={() => onChange(page - 1)} />
        </li>
        {pageItems(page, last).map((item) => (
          <li key={item}>
            {typeof item === 'number' ? (
              <PaginationItem
                page={item}
                selected={item === page}
                color="primary"
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Go to page ${item}`}
                onClick={() => item !== page && onChange(item)}
              />
            ) : (
              <PaginationItem type="start-ellipsis" />
            )}
          </li>
        ))}
        <li>
          <PaginationItem page={SHELL.nextPage} disabled={page >= last} onClick={() => onChange(page + 1)} />
        </li>
      </Box>
    </Box>
  );
}

/** Drop-in `pagination` for react-admin's `<List>`. */
export function ListPagination() {
  const { page, perPage, total = 0, meta, setPage, isPending } = useListContext();
  if (isPending) return null;
  return <PaginationBar page={page} pageCount={Math.ceil(total / perPage)} total={total} estimated={Boolean(meta?.totalIsEstimate)} onChange={setPage} />;
}
