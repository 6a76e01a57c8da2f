/**
 * /matches/{id}, 'Match Details' on the shared detail frame: the stadium image, the match
 * date and time and the stadium, both teams (logo, name, coach, sport, the match's flag) with 'VS'
 * between them, the result, and beside them the declared details. Edit and Back; matches have no delete.
 */
import { Box, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { DeclaredFacts, DeclaredShow, Fact, formatDateTime, ImagePreview, Thumbnail } from '../../common';
import { MATCH_TEXTS } from '../../domain';
import { matches } from '../../domain/entities';
import { matchName, ResultChip, type Match, type MatchTeam } from './MatchParts';

/** One side: its logo and name, its coach and sport, and the flag it plays under in this match. */
function TeamPanel({ team, flag, side }: { team?: MatchTeam | null; flag?: string | null; side: string }) {
  return (
    <Card variant="outlined" component="section" aria-label={side} sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'grid', gap: 1.5, justifyItems: 'center', textAlign: 'center' }}>
        <Typography variant="overline" color="text.secondary" component="p">
          {side}
        </Typography>
        {team ? (
          <>
            <Thumbnail src={team.logo} alt={MATCH_TEXTS.logo(team.name)} width={72} ratio="1 / 1" />
            <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
              {team.name}
            </Typography>
            <Fact label={MATCH_TEXTS.coach}>{team.coach || MATCH_TEXTS.noCoach}</Fact>
            <Fact label={MATCH_TEXTS.sport}>{team.sportDetails?.name || team.sport?.name || MATCH_TEXTS.noSport}</Fact>
            <Fact label={side === matches.fields.teamA.label ? matches.fields.teamA_Flag.label : matches.fields.teamB_Flag.label}>
              <Box sx={{ display: 'flex', justifyContent: 'center', pt: 0.5 }}>
                <Thumbnail src={flag} alt={MATCH_TEXTS.flag(team.name)} width={64} ratio="3 / 2" />
              </Box>
            </Fact>
          </>
        ) : (
          <Typography color="text.secondary">{MATCH_TEXTS.teamGone}</Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** The match itself: the stadium image, the title (or the two teams), date, stadium, result, then the two sides. */
function MatchMain() {
  const record = useRecordContext<Match>()!;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Card variant="outlined" component="article">
        <ImagePreview src={record.stadium_image} alt={MATCH_TEXTS.stadiumImage(record.stadium?.name ?? '')} height={260} />
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {record.title || matchName(record)}
          </Typography>
          <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Fact label={matches.fields.matchDate.label}>{formatDateTime(record.matchDate)}</Fact>
            <Fact label={matches.fields.stadium.label}>{record.stadium?.name ?? MATCH_TEXTS.notSet}</Fact>
            <Fact label={matches.fields.result.label}>
              <ResultChip result={record.result} />
            </Fact>
          </Stack>
        </CardContent>
      </Card>
      <Grid container spacing={2} sx={{ alignItems: 'stretch' }}>
        <Grid size={{ xs: 12, sm: 5 }}>
          <TeamPanel team={record.teamA} flag={record.teamA_Flag} side={matches.fields.teamA.label} />
        </Grid>
        <Grid size={{ xs: 12, sm: 2 }} sx={{ display: 'grid', placeItems: 'center' }}>
          <Typography variant="h4" component="p" color="primary" sx={{ fontWeight: 700 }}>
            {MATCH_TEXTS.versus}
          </Typography>
        </Grid>
        <Grid size={{ xs: 12, sm: 5 }}>
          <TeamPanel team={record.teamB} flag={record.teamB_Flag} side={matches.fields.teamB.label} />
        </Grid>
      </Grid>
    </Box>
  );
}

/** Beside the match, its declared details (`show.facts`), 'Not set' where none. */
export const MatchShow = () => (
  <DeclaredShow entity={matches} main={<MatchMain />} side={<DeclaredFacts entity={matches} title={MATCH_TEXTS.optionalDetails} empty={MATCH_TEXTS.notSet} />} />
);
