import { SelectInput } from 'react-admin';
import { ACTIONS, STATUS } from '../domain';

/** The Filter button's Active/Inactive choice for an `isActive` list filter (teams, users…); 'All' clears it. */
export const activeFilter = (label: string) => (
  <SelectInput
    key="isActive"
    source="isActive"
    label={label}
    choices={[
      { id: 'true', name: STATUS.active },
      { id: 'false', name: STATUS.inactive },
    ]}
    emptyText={ACTIONS.clearFilter}
  />
);
