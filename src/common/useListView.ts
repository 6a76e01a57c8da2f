/** Table or grid, remembered per list in react-admin's store (localStorage), so a reload keeps the choice. */
import { useResourceContext, useStore } from 'react-admin';

export type ListView = 'table' | 'grid';

export function useListView(resource?: string) {
  const current = useResourceContext({ resource });
  return useStore<ListView>(`${current}.listView`, 'table');
}
