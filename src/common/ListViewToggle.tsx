import GridViewIcon from '@mui/icons-material/GridView';
import TableRowsIcon from '@mui/icons-material/TableRows';
import { ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import { SHELL } from '../domain';
import { useListView, type ListView } from './useListView';

/** The table/grid switch for a list's toolbar; pair it with `useListView()` in the list body. */
export function ListViewToggle() {
  const [view, setView] = useListView();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={view}
      onChange={(_, next: ListView | null) => next && setView(next)}
      aria-label="List view"
    >
      <ToggleButton value="table" aria-label={SHELL.tableView}>
        <Tooltip title={SHELL.tableView}>
          <TableRowsIcon fontSize="small" />
        </Tooltip>
      </ToggleButton>
      <ToggleButton value="grid" aria-label={SHELL.gridView}>
        <Tooltip title={SHELL.gridView}>
          <GridViewIcon fontSize="small" />
        </Tooltip>
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
