import FilterListIcon from '@mui/icons-material/FilterList';
import { Button, useListContext } from 'react-admin';
import { ACTIONS } from '../domain';

/**
 * The spec's 'Filter' button, made to work: it shows or hides one filter input of the list, an
 * element of the List's `filters` without `alwaysOn`. Hiding it also clears its value.
 */
export function FilterToggleButton({ source, label = ACTIONS.filter }: { source: string; label?: string }) {
  const { displayedFilters = {}, showFilter, hideFilter } = useListContext();
  const shown = Boolean(displayedFilters[source]);
  return (
    <Button
      label={label}
      aria-pressed={shown}
      onClick={() => (shown ? hideFilter(source) : showFilter(source, undefined))}
    >
      <FilterListIcon />
    </Button>
  );
}
