/**
 * Table or grid, remembered per list in react-admin's store (localStorage), so a reload keeps the
 * choice. Phones always get the grid: a table would be wider than the screen.
 */
import { useMediaQuery, type Theme } from '@mui/material';
import { useResourceContext, useStore } from 'react-admin';

export type ListView = 'table' | 'grid';

export function useListView(resource?: string) {
  const current = useResourceContext({ resource });
  return useStore<ListView>(`${current}.listView`, 'table');
}

/** True below 600 px, where every list shows cards and the table/grid toggle is hidden. */
export const useIsPhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });

/** The view a list really draws: the chosen one, or the grid on a phone. */
export function useShownListView(): ListView {
  const [view] = useListView();
  return useIsPhone() ? 'grid' : view;
}
