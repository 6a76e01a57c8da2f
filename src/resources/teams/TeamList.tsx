/**
 * /teams, 'Team Management' on the shared list frame: figures over all teams, search by
 * name or coach and filters by status and sport on the server, table or grid (6 skeleton cards).
 */
import { Box, CardContent } from '@mui/material';
import { FunctionField, ReferenceInput, SelectInput, useRecordContext } from 'react-admin';
import { ActiveBadge, activeFilter, Fact, formatDate, listTexts, RecordActions, ResourceList, ResourceStats } from '../../common';
import { ACTIONS, SKELETON_CARDS, TEAM_TEXTS } from '../../domain';
import { teams } from '../../domain/entities';
import { TeamIdentity, teamDeleteProps, type Team } from './TeamParts';

const filters = [
  activeFilter(TEAM_TEXTS.statusFilter),
  <ReferenceInput key="sport" source="sport" reference="sport" sort={{ field: 'name', order: 'ASC' }}>
    <SelectInput label={teams.fields.sport.label} optionText="name" emptyText={ACTIONS.clearFilter} />
  </ReferenceInput>,
];

const coachOf = (team: Team) => team.coach || TEAM_TEXTS.noCoach;

const columns = [
  <FunctionField<Team>
    key="team"
    label={TEAM_TEXTS.columnTeam}
    sortBy="name"
    render={(record) => <TeamIdentity team={record} size={40} />}
  />,
  <FunctionField<Team> key="coach" label={teams.fields.coach.label} sortable={false} render={coachOf} />,
  <FunctionField<Team> key="status" label={TEAM_TEXTS.columnStatus} sortable={false} render={(record) => <ActiveBadge active={record.isActive} />} />,
  <FunctionField<Team> key="created" label={TEAM_TEXTS.columnCreated} sortBy="createdAt" render={(record) => formatDate(record.createdAt)} />,
];

function TeamCard() {
  const record = useRecordContext<Team>()!;
  return (
    <CardContent sx={{ flex: 1, display: 'grid', gap: 1.5, alignContent: 'start' }}>
      <TeamIdentity team={record} size={56} heading />
      <Box>
        <ActiveBadge active={record.isActive} />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 1 }}>
        <Fact label={teams.fields.coach.label}>{coachOf(record)}</Fact>
        <Fact label={TEAM_TEXTS.columnCreated}>{formatDate(record.createdAt)}</Fact>
      </Box>
    </CardContent>
  );
}

/** Counted by the server over every team (GET /admin/teams/stats). */
const figures = [
  { key: 'total', label: TEAM_TEXTS.statTotal },
  { key: 'active', label: TEAM_TEXTS.statActive },
  { key: 'withCoach', label: TEAM_TEXTS.statWithCoach },
];

export function TeamList() {
  return (
    <ResourceList
      texts={listTexts(TEAM_TEXTS)}
      emptyTexts={{ empty: { title: TEAM_TEXTS.emptyTitle, hint: TEAM_TEXTS.emptyHint } }}
      stats={<ResourceStats figures={figures} />}
      filters={filters}
      sortFields={['createdAt', 'name']}
      skeletonCount={SKELETON_CARDS.teams}
      columns={columns}
      card={<TeamCard />}
      actions={<RecordActions delete={teamDeleteProps} />}
    />
  );
}
