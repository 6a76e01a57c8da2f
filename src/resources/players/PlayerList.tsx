/**
 * /player, 'Player Management': the declared list (src/domain/entities/players.ts) with the
 * picture as an avatar, the team by name and the player's own card. Players have no delete.
 */
import { Box, CardContent, Stack, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { DeclaredList, Fact, formatDate, ValueOf } from '../../common';
import { PLAYER_TEXTS } from '../../domain';
import { players } from '../../domain/entities';
import { PLAYER_VALUES, PlayerAvatar, type Player } from './PlayerParts';

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
        <Fact label={players.fields.age.label}>
          <ValueOf entity={players} name="age" />
        </Fact>
        <Fact label={players.fields.team_id.columnLabel}>{PLAYER_VALUES.team_id}</Fact>
        <Fact label={PLAYER_TEXTS.columnCreated}>{formatDate(record.createdAt)}</Fact>
      </Box>
    </CardContent>
  );
}

export const PlayerList = () => <DeclaredList entity={players} values={PLAYER_VALUES} card={<PlayerCard />} />;
