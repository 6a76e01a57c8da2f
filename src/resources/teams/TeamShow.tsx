/**
 * /teams/{id}, 'Team Details': the generic detail page with the team's own parts: the logo
 * beside the name, the member count and the id among the facts, and under them its squad as a grid
 * of cards, each opening that player's detail page.
 */
import PersonIcon from '@mui/icons-material/Person';
import { Avatar, Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { LinkBase, useCreatePath, useRecordContext } from 'react-admin';
import { ActiveBadge, DeclaredShow, mediaUrl, type FactOf, type OwnValues } from '../../common';
import { GENERIC, TEAM_TEXTS } from '../../domain';
import { teams } from '../../domain/entities';
import { sportName, TeamLogo, type Team, type TeamPlayer } from './TeamParts';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))' };

function PlayerCard({ player }: { player: TeamPlayer }) {
  const createPath = useCreatePath();
  return (
    <Card variant="outlined" component="article" aria-label={player.name}>
      <CardActionArea component={LinkBase} to={createPath({ resource: 'player', id: player._id, type: 'show' })} sx={{ height: '100%' }}>
        <CardContent sx={{ display: 'grid', gap: 1 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Avatar src={mediaUrl(player.image)} alt={player.name} sx={{ width: 48, height: 48 }}>
              <PersonIcon />
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {player.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {TEAM_TEXTS.playerAge(player.age ?? GENERIC.notAvailable)}
              </Typography>
            </Box>
          </Stack>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <ActiveBadge active={player.isActive} />
            <Typography variant="body2">{player.batting?.battingsType ?? GENERIC.notAvailable}</Typography>
            {player.battingOrder && (
              <Typography variant="body2" color="text.secondary">
                {TEAM_TEXTS.battingOrder(player.battingOrder.order)}
              </Typography>
            )}
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function Squad() {
  const players = useRecordContext<Team>()!.players ?? [];
  return (
    <Box component="section" aria-labelledby="team-players">
      <Typography id="team-players" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {TEAM_TEXTS.players}
      </Typography>
      {players.length === 0 ? (
        <Typography color="text.secondary">{TEAM_TEXTS.noPlayers}</Typography>
      ) : (
        <Box sx={grid}>
          {players.map((player) => (
            <PlayerCard key={player._id} player={player} />
          ))}
        </Box>
      )}
    </Box>
  );
}

function Heading() {
  const team = useRecordContext<Team>()!;
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <TeamLogo team={team} size={96} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {team.name}
        </Typography>
        <Box sx={{ mt: 1 }}>
          <ActiveBadge active={team.isActive} />
        </Box>
      </Box>
    </Stack>
  );
}

const Members = () => {
  const team = useRecordContext<Team>()!;
  return <>{TEAM_TEXTS.members(team.playerCount ?? team.players?.length ?? 0)}</>;
};

const TeamId = () => (
  <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
    {useRecordContext<Team>()!.id}
  </Box>
);

const TEAM_FACTS: readonly FactOf[] = [
  'createdAt',
  { label: TEAM_TEXTS.factPlayers, value: <Members /> },
  'coach',
  'sport',
  { label: TEAM_TEXTS.factTeamId, value: <TeamId /> },
];

const Coach = () => <>{useRecordContext<Team>()!.coach || TEAM_TEXTS.noCoach}</>;
const Sport = () => <>{sportName(useRecordContext<Team>()!)}</>;

// 'No coach assigned' reads as plainly as a coach's name; the sport arrives populated (or as `sportDetails`).
const TEAM_SHOW_VALUES: OwnValues = { coach: <Coach />, sport: <Sport /> };

export const TeamShow = () => (
  <DeclaredShow entity={teams} editLabel={TEAM_TEXTS.editTitle} heading={<Heading />} facts={TEAM_FACTS} values={TEAM_SHOW_VALUES} factWidth={180}>
    <Squad />
  </DeclaredShow>
);
