/**
 * The lists' publishing filters behind the Filter button: the state (Draft, Scheduled, Published;
 * 'All' clears it) and Overdue, the scheduled records whose time passed without going live.
 */
import { BooleanInput, SelectInput } from 'react-admin';
import { ACTIONS, PUBLISH_STATES, PUBLISHING_TEXTS } from '../../domain';

const STATE_CHOICES = PUBLISH_STATES.map((state) => ({ id: state, name: PUBLISHING_TEXTS.states[state] }));

/** Ticked: `overdue: true`; unticked: no filter at all (not 'only those on time'). */
const onlyWhenTicked = (checked: boolean) => (checked ? true : undefined);

export const publishingFilters = () => [
  <SelectInput key="status" source="status" label={PUBLISHING_TEXTS.statusFilter} choices={STATE_CHOICES} emptyText={ACTIONS.clearFilter} />,
  <BooleanInput key="overdue" source="overdue" label={PUBLISHING_TEXTS.overdueFilter} parse={onlyWhenTicked} helperText={false} />,
];
