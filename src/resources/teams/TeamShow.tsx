/**
 * /teams/{id}, 'Team Details' on the shared detail frame: the team's facts, then its
 * squad as a grid of cards, each opening that player's detail page.
 */
import PersonIcon from '@mui/icons-material/Person';
import { Avatar, Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { LinkBase, useCreatePath, useRecordContext } from 'react-admin';
import { ActiveBadge, detailTexts, Fact, formatDate, mediaUrl, ResourceShow } from '../../common';
import { GENERIC, SHARED_TEXTS, TEAM_TEXTS } from '../../domain';
import { teams } from '../../domain/entities';
import { declaredDeleteProps } from '../../common/declared/deleteProps';
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

function TeamDetails() {
  const team = useRecordContext<Team>()!;
  const players = team.players ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 3 }}>
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
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 180px), 1fr))' }}>
            <Fact label={SHARED_TEXTS.createdAt}>{formatDate(team.createdAt)}</Fact>
            <Fact label={TEAM_TEXTS.factPlayers}>{TEAM_TEXTS.members(team.playerCount ?? players.length)}</Fact>
            <Fact label={teams.fields.coach.label}>{team.coach || TEAM_TEXTS.noCoach}</Fact>
            <Fact label={teams.fields.sport.label}>{sportName(team)}</Fact>
            <Fact label={TEAM_TEXTS.factTeamId}>
              <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                {team.id}
              </Box>
            </Fact>
          </Box>
        </CardContent>
      </Card>
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
    </Box>
  );
}

export function TeamShow() {
  return (
    <ResourceShow
      texts={detailTexts(TEAM_TEXTS, TEAM_TEXTS.notFound)}
      editLabel={TEAM_TEXTS.editTitle}
      delete={declaredDeleteProps(teams)}
    >
      <TeamDetails />
    </ResourceShow>
  );
}
