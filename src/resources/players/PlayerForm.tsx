/**
 * 'Add Player' (/create/player) and 'Edit Player': the declared form, its inputs side by side, the
 * picture beside them (kept, not removable, on edit). The team is typed to find it; the three
 * lookups name their records in their own words (batting orders '#1 Opener').
 */
import { cloneElement } from 'react';
import { AutocompleteInput, ReferenceInput, SelectInput, type RaRecord } from 'react-admin';
import { DeclaredCreate, DeclaredEdit, type DeclaredFormProps } from '../../common';
import { players } from '../../domain/entities';

const lookup = (name: 'bowling' | 'batting' | 'battingOrder', optionText: string | ((record: RaRecord) => string)) => (
  <ReferenceInput source={name} reference={players.fields[name].to!}>
    <SelectInput label={players.fields[name].label} optionText={optionText} fullWidth />
  </ReferenceInput>
);

const layout: Omit<DeclaredFormProps, 'entity'> = {
  aside: { content: 'images' },
  widths: { name: 8, age: 4, team_id: 6, playingRole: 6, bowling: 4, batting: 4, battingOrder: 4 },
  inputs: {
    age: (input) => cloneElement(input, { fullWidth: true }),
    image: (input) => cloneElement(input, { removable: false }),
    // The role may be left unset by choosing its blank option (the standard names it '—').
    playingRole: (input) => cloneElement(input, { emptyText: undefined }),
    team_id: (
      <ReferenceInput source="team_id" reference="teams" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput label={players.fields.team_id.label} optionText="name" fullWidth />
      </ReferenceInput>
    ),
    bowling: lookup('bowling', 'style'),
    batting: lookup('batting', 'battingsType'),
    battingOrder: lookup('battingOrder', (order) => `#${order.order} ${order.position}`),
  },
};

export const PlayerCreate = () => <DeclaredCreate entity={players} {...layout} />;
export const PlayerEdit = () => <DeclaredEdit entity={players} {...layout} />;
