/**
 * /player/{id}, 'Player Details': the generic detail page with the player's own parts: the
 * picture at the left, the facts of their batting, batting order and team read from the records
 * the player names, and the video embedded when there is one, its YouTube watch, youtu.be or shorts
 * address played in embed form. Edit and Back, no delete.
 */
import { Box, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { ActiveBadge, DeclaredShow, ImagePreview, VideoEmbed, type FactOf } from '../../common';
import { GENERIC, PLAYER_TEXTS } from '../../domain';
import { players } from '../../domain/entities';
import { teamOf, type Player } from './PlayerParts';

const orNone = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? GENERIC.notAvailable : value);

/** A fact read from the record, 'N/A' when it holds none. */
const factOf = (label: string, read: (player: Player) => string | number | null | undefined): FactOf => {
  const Value = () => <>{orNone(read(useRecordContext<Player>()!))}</>;
  return { label, value: <Value /> };
};

// The batting's two parts and the team's coach each a fact of its own; the team by the name the record carries.
const PLAYER_FACTS: readonly FactOf[] = [
  'name',
  'age',
  'playingRole',
  'bowling',
  factOf(PLAYER_TEXTS.factBattingType, (player) => player.batting?.battingsType),
  factOf(PLAYER_TEXTS.factBattingDescription, (player) => player.batting?.description),
  'battingOrder',
  factOf(PLAYER_TEXTS.factBattingPosition, (player) => player.battingOrder?.position),
  factOf(players.fields.team_id.columnLabel, (player) => teamOf(player)?.name ?? PLAYER_TEXTS.noTeam),
  factOf(PLAYER_TEXTS.factTeamCoach, (player) => teamOf(player)?.coach),
  'createdAt',
];

function Heading() {
  const player = useRecordContext<Player>()!;
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {player.name}
      </Typography>
      <ActiveBadge active={player.isActive} />
    </Box>
  );
}

function Picture() {
  const player = useRecordContext<Player>()!;
  return (
    <Box component="figure" sx={{ m: 0, display: 'grid', gap: 0.5 }}>
      <ImagePreview src={player.image} alt={player.name} height={240} />
      <Typography component="figcaption" variant="caption" color="text.secondary">
        {players.fields.image.label}
      </Typography>
    </Box>
  );
}

function Video() {
  const player = useRecordContext<Player>()!;
  if (!player.videoUrl) return null;
  return (
    <Box component="section" aria-labelledby="player-video">
      <Typography id="player-video" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {PLAYER_TEXTS.video}
      </Typography>
      <Box sx={{ maxWidth: 800 }}>
        <VideoEmbed url={player.videoUrl} title={`${PLAYER_TEXTS.video}: ${player.name}`} />
      </Box>
    </Box>
  );
}

export const PlayerShow = () => (
  <DeclaredShow entity={players} heading={<Heading />} picture={<Picture />} facts={PLAYER_FACTS} factWidth={180}>
    <Video />
  </DeclaredShow>
);
