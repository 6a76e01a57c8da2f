/**
 * /teams, 'Team Management': the declared list (figures over all teams, search by name or coach,
 * status and sport filters, table or grid) with the team's own cells and card.
 */
import { Box, CardContent } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { ActiveBadge, DeclaredList, Fact, formatDate, type OwnValues } from '../../common';
import { TEAM_TEXTS } from '../../domain';
import { teams } from '../../domain/entities';
import { TeamIdentity, type Team } from './TeamParts';

const coachOf = (team: Team) => team.coach || TEAM_TEXTS.noCoach;

const Identity = () => <TeamIdentity team={useRecordContext<Team>()!} size={40} />;
const Coach = () => <>{coachOf(useRecordContext<Team>()!)}</>;

/** The name beside the logo and sport; a team without a coach says so. */
const TEAM_VALUES: OwnValues = { name: <Identity />, coach: <Coach /> };

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

export const TeamList = () => <DeclaredList entity={teams} values={TEAM_VALUES} card={<TeamCard />} />;
