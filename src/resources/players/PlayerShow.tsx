/**
 * /player/{id}, 'Player Details' on the shared detail frame: the picture, the player's
 * facts (batting, batting order, team and coach among them), and the video embedded when there is
 * one, its YouTube watch, youtu.be or shorts address played in embed form. Edit and Back, no delete.
 */
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { ActiveBadge, detailTexts, Fact, formatDate, ImagePreview, ResourceShow, VideoEmbed } from '../../common';
import { GENERIC, PLAYER_TEXTS, SHARED_TEXTS } from '../../domain';
import { players } from '../../domain/entities';
import { teamOf, type Player } from './PlayerParts';

const orNone = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? GENERIC.notAvailable : value);

function PlayerDetails() {
  const player = useRecordContext<Player>()!;
  const team = teamOf(player);
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '240px 1fr' }, alignItems: 'start' }}>
          <Box component="figure" sx={{ m: 0, display: 'grid', gap: 0.5 }}>
            <ImagePreview src={player.image} alt={player.name} height={240} />
            <Typography component="figcaption" variant="caption" color="text.secondary">
              {players.fields.image.label}
            </Typography>
          </Box>
          <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                {player.name}
              </Typography>
              <ActiveBadge active={player.isActive} />
            </Box>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 180px), 1fr))' }}>
              <Fact label={players.fields.name.label}>{player.name}</Fact>
              <Fact label={players.fields.age.label}>{orNone(player.age)}</Fact>
              <Fact label={players.fields.playingRole.label}>{orNone(player.playingRole)}</Fact>
              <Fact label={players.fields.bowling.label}>{orNone(player.bowling?.style)}</Fact>
              <Fact label={PLAYER_TEXTS.factBattingType}>{orNone(player.batting?.battingsType)}</Fact>
              <Fact label={PLAYER_TEXTS.factBattingDescription}>{orNone(player.batting?.description)}</Fact>
              <Fact label={players.fields.battingOrder.label}>{orNone(player.battingOrder?.order)}</Fact>
              <Fact label={PLAYER_TEXTS.factBattingPosition}>{orNone(player.battingOrder?.position)}</Fact>
              <Fact label={players.fields.team_id.columnLabel}>{team?.name ?? PLAYER_TEXTS.noTeam}</Fact>
              <Fact label={PLAYER_TEXTS.factTeamCoach}>{orNone(team?.coach)}</Fact>
              <Fact label={SHARED_TEXTS.createdAt}>{formatDate(player.createdAt)}</Fact>
            </Box>
          </Box>
        </CardContent>
      </Card>
      {player.videoUrl && (
        <Box component="section" aria-labelledby="player-video">
          <Typography id="player-video" variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {PLAYER_TEXTS.video}
          </Typography>
          <Box sx={{ maxWidth: 800 }}>
            <VideoEmbed url={player.videoUrl} title={`${PLAYER_TEXTS.video}: ${player.name}`} />
          </Box>
        </Box>
      )}
    </Box>
  );
}

export function PlayerShow() {
  return (
    <ResourceShow texts={detailTexts(PLAYER_TEXTS, PLAYER_TEXTS.notFound)}>
      <PlayerDetails />
    </ResourceShow>
  );
}
