/**
 * The lists' publishing filters behind the Filter button: the state (Draft, Scheduled, Published;
 * 'All' clears it) and Overdue, the scheduled records whose time passed without going live.
 */
import { FormControlLabel, Switch } from '@mui/material';
import { SelectInput, useInput } from 'react-admin';
import { ACTIONS, PUBLISH_STATES, PUBLISHING_TEXTS } from '../../domain';

const STATE_CHOICES = PUBLISH_STATES.map((state) => ({ id: state, name: PUBLISHING_TEXTS.states[state] }));

/**
 * Overdue as a switch. On: `overdue: true`; off, as it starts: no filter at all, rather than 'only
 * those on time' (react-admin's BooleanInput would send `false` as soon as it is shown).
 */
function OverdueFilterInput({ source }: { source: string; alwaysOn?: boolean }) {
  const { field, id } = useInput({ source, format: (value: unknown) => value === true || value === 'true', parse: (checked: boolean) => (checked ? true : null) });
  return (
    <FormControlLabel
      label={PUBLISHING_TEXTS.overdueFilter}
      // Beside the other filters, on their line; MUI pulls a label's control 11 px left, off the row's edge.
      sx={{ ml: 0, mb: 1, alignSelf: 'center' }}
      control={<Switch id={id} name={field.name} checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} inputRef={field.ref} />}
    />
  );
}

export const publishingFilters = () => [
  <SelectInput key="status" source="status" label={PUBLISHING_TEXTS.statusFilter} choices={STATE_CHOICES} emptyText={ACTIONS.clearFilter} />,
  <OverdueFilterInput key="overdue" source="overdue" />,
];
