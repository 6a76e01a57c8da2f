/** What the team screens share: the record types, the logo and the sport's name. */
import GroupsIcon from '@mui/icons-material/Groups';
import { Avatar, Box, Stack, Typography } from '@mui/material';
import type { RaRecord } from 'react-admin';
import { mediaUrl } from '../../common';
import { TEAM_TEXTS } from '../../domain';

/** A squad member as the team detail reads it (the API's player). */
export type TeamPlayer = RaRecord & {
  _id: string;
  name: string;
  age?: number | null;
  image?: string | null;
  isActive?: boolean;
  batting?: { battingsType: string } | null;
  battingOrder?: { order: number; position: string } | null;
};

/** The API's team as the screens read it; `sport` may arrive as `sportDetails`. */
export type Team = RaRecord & {
  name: string;
  sport?: { _id: string; name: string } | null;
  sportDetails?: { name?: string } | null;
  coach?: string | null;
  logo?: string | null;
  isActive: boolean;
  createdAt: string;
  playerCount?: number;
  players?: TeamPlayer[];
};

export const sportName = (team: Team) => team.sport?.name || team.sportDetails?.name || TEAM_TEXTS.noSport;

/** The team's logo, square with rounded corners, or the teams icon when it has none. */
export function TeamLogo({ team, size = 48 }: { team: Pick<Team, 'logo' | 'name'>; size?: number }) {
  return (
    <Avatar variant="rounded" src={mediaUrl(team.logo)} alt={team.name} sx={{ width: size, height: size, bgcolor: 'action.selected' }}>
      <GroupsIcon color="action" sx={{ fontSize: size * 0.6 }} />
    </Avatar>
  );
}

/** The logo beside the name and the sport's name (or 'No sport assigned'): a row's Team cell and a card's head. */
export function TeamIdentity({ team, size, heading = false }: { team: Team; size: number; heading?: boolean }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <TeamLogo team={team} size={size} />
      <Box sx={{ minWidth: 0 }}>
        <Typography
          variant={heading ? 'subtitle1' : 'body2'}
          component={heading ? 'h2' : 'p'}
          sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}
        >
          {team.name}
        </Typography>
        <Typography variant={heading ? 'body2' : 'caption'} color="text.secondary">
          {sportName(team)}
        </Typography>
      </Box>
    </Stack>
  );
}
