/**
 * /player, 'Player Management' (with the player list's own texts) on the shared list
 * frame: the total over all players, search by name and filters by team and playing role on the
 * server, table or grid. The spec has no player delete: View and Edit only.
 */
import { Box, CardContent, Stack, Typography } from '@mui/material';
import { AutocompleteInput, FunctionField, ReferenceInput, SelectInput, TextField, useRecordContext } from 'react-admin';
import { Fact, formatDate, listTexts, RecordActions, ResourceList, ResourceStats } from '../../common';
import { ACTIONS, GENERIC, PLAYER_ROLES, PLAYER_TEXTS, toChoices } from '../../domain';
import { players } from '../../domain/entities';
import { PlayerAvatar, teamOf, type Player } from './PlayerParts';

const filters = [
  <ReferenceInput key="team_id" source="team_id" reference="teams" sort={{ field: 'name', order: 'ASC' }}>
    <AutocompleteInput label={players.fields.team_id.label} optionText="name" />
  </ReferenceInput>,
  <SelectInput key="playingRole" source="playingRole" label={players.fields.playingRole.label} choices={toChoices(PLAYER_ROLES)} emptyText={ACTIONS.clearFilter} />,
];

const ageOf = (player: Player) => player.age ?? GENERIC.notAvailable;
const teamNameOf = (player: Player) => teamOf(player)?.name ?? PLAYER_TEXTS.noTeam;

const columns = [
  <FunctionField<Player> key="image" label={players.fields.image.label} sortable={false} render={(record) => <PlayerAvatar player={record} />} />,
  <TextField key="name" source="name" label={players.fields.name.label} sx={{ fontWeight: 600 }} />,
  <FunctionField<Player> key="age" label={players.fields.age.label} sortBy="age" render={ageOf} />,
  <FunctionField<Player> key="team" label={PLAYER_TEXTS.columnTeam} sortable={false} render={teamNameOf} />,
  <FunctionField<Player> key="created" label={PLAYER_TEXTS.columnCreated} sortBy="createdAt" render={(record) => formatDate(record.createdAt)} />,
];

function PlayerCard() {
  const record = useRecordContext<Player>()!;
  return (
    <CardContent sx={{ flex: 1, display: 'grid', gap: 1.5, alignContent: 'start' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <PlayerAvatar player={record} size={56} />
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
          {record.name}
        </Typography>
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 1 }}>
        <Fact label={players.fields.age.label}>{ageOf(record)}</Fact>
        <Fact label={PLAYER_TEXTS.columnTeam}>{teamNameOf(record)}</Fact>
        <Fact label={PLAYER_TEXTS.columnCreated}>{formatDate(record.createdAt)}</Fact>
      </Box>
    </CardContent>
  );
}

/** Counted by the server over every player (GET /admin/player/stats). */
const figures = [{ key: 'total', label: PLAYER_TEXTS.statTotal }];

export function PlayerList() {
  return (
    <ResourceList
      texts={listTexts(PLAYER_TEXTS)}
      emptyTexts={{ empty: { title: PLAYER_TEXTS.emptyTitle, hint: PLAYER_TEXTS.emptyHint } }}
      stats={<ResourceStats figures={figures} />}
      filters={filters}
      sortFields={['createdAt', 'name', 'age']}
      columns={columns}
      card={<PlayerCard />}
      actions={<RecordActions />}
    />
  );
}
