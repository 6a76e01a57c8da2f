/** What the match screens share: the record as the API answers it, its name, a team line and the result chip. */
import { Chip, Stack, Typography } from '@mui/material';
import type { RaRecord } from 'react-admin';
import { Thumbnail } from '../../common';
import { MATCH_TEXTS, type MatchResult } from '../../domain';

/** One side of a match: the team with its sport (also as `sportDetails.name`, as the original panel's screens read it). */
export type MatchTeam = {
  _id: string;
  name: string;
  coach?: string | null;
  logo?: string | null;
  sport?: { _id: string; name: string } | null;
  sportDetails?: { name?: string | null };
};

/** The API's match; a team deleted since is null. */
export type Match = RaRecord & {
  matchDate: string;
  matchTime?: string | null;
  stadium?: { _id: string; name: string } | null;
  teamA?: MatchTeam | null;
  teamB?: MatchTeam | null;
  result: MatchResult | string;
  teamA_Flag?: string | null;
  teamB_Flag?: string | null;
  stadium_image?: string | null;
  title?: string | null;
  overs?: number | null;
  format?: string | null;
  umpire?: string | null;
  tournament?: string | null;
  createdAt: string;
};

/** 'Mumbai Mavericks vs Chennai Chargers'. */
export const matchName = (match: Pick<Match, 'teamA' | 'teamB'>) => MATCH_TEXTS.matchName(match.teamA?.name, match.teamB?.name);

/** The match's sport: both sides play the same one, so either side's (a side may be gone). */
export const sportOf = (match: Pick<Match, 'teamA' | 'teamB'>) =>
  match.teamA?.sportDetails?.name ?? match.teamB?.sportDetails?.name ?? match.teamA?.sport?.name ?? match.teamB?.sport?.name ?? '';

const RESULT_COLORS: Record<string, 'primary' | 'secondary' | 'default'> = {
  'Team A Won': 'primary',
  'Team B Won': 'secondary',
};

export const ResultChip = ({ result }: { result: string }) => (
  <Chip label={result} size="small" variant="outlined" color={RESULT_COLORS[result] ?? 'default'} />
);

/** A side in a row or a card: its flag for this match and its name. */
export function TeamLine({ team, flag }: { team?: MatchTeam | null; flag?: string | null }) {
  if (!team) {
    return (
      <Typography variant="body2" color="text.secondary">
        {MATCH_TEXTS.teamGone}
      </Typography>
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Thumbnail src={flag} alt={MATCH_TEXTS.flag(team.name)} width={28} ratio="3 / 2" fallback={null} />
      <Typography variant="body2" sx={{ overflowWrap: 'break-word' }}>
        {team.name}
      </Typography>
    </Stack>
  );
}
