import FilterListIcon from '@mui/icons-material/FilterList';
import { Button, useListContext } from 'react-admin';
import { ACTIONS } from '../domain';

/**
 * The 'Filter' button, which did nothing in the original panel, made to work: it shows or hides the
 * list's filter inputs (the elements of the List's `filters` without `alwaysOn`). Hiding them also
 * clears their values.
 */
export function FilterToggleButton({ sources, label = ACTIONS.filter }: { sources: string[]; label?: string }) {
  const { displayedFilters = {}, showFilter, hideFilter } = useListContext();
  const shown = sources.some((source) => displayedFilters[source]);
  const toggle = () => sources.forEach((source) => (shown ? hideFilter(source) : showFilter(source, undefined)));
  return (
    <Button label={label} aria-pressed={shown} onClick={toggle}>
      <FilterListIcon />
    </Button>
  );
}
