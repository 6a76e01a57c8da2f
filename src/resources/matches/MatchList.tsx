/**
 * /matches, 'Match Management': the declared list (All, Upcoming and Played tabs with their counts,
 * search by stadium, the result and match-date range filters, table or grid, View and Edit) with the
 * match's own figures of the page, cells and card.
 */
import { Box, CardContent, Stack, Typography } from '@mui/material';
import { FunctionField, useListContext, useRecordContext } from 'react-admin';
import { DeclaredList, formatCount, formatDate, formatDateTime, ImagePreview, StatCard, StatRow, Thumbnail, type OwnValues } from '../../common';
import { MATCH_TEXTS } from '../../domain';
import { matches } from '../../domain/entities';
import { matchName, ResultChip, sportOf, TeamLine, type Match } from './MatchParts';

const useMatch = () => useRecordContext<Match>()!;

function StadiumImage() {
  const record = useMatch();
  return <Thumbnail src={record.stadium_image} alt={MATCH_TEXTS.stadiumImage(record.stadium?.name ?? '')} width={80} />;
}

function Side({ side }: { side: 'A' | 'B' }) {
  const record = useMatch();
  return <TeamLine team={record[`team${side}`]} flag={record[`team${side}_Flag`]} />;
}

const StadiumName = () => <>{useMatch().stadium?.name ?? ''}</>;
const Result = () => <ResultChip result={useMatch().result} />;

/** The stadium by the name the record carries, the result as its chip, each side with its flag. */
const VALUES: OwnValues = { stadium_image: <StadiumImage />, stadium: <StadiumName />, result: <Result />, teamA: <Side side="A" />, teamB: <Side side="B" /> };

const columns = [<FunctionField<Match> key="sport" label={MATCH_TEXTS.columnSport} sortable={false} render={sportOf} />];

function MatchCard() {
  const record = useMatch();
  return (
    <>
      <ImagePreview src={record.stadium_image} alt={MATCH_TEXTS.stadiumImage(record.stadium?.name ?? '')} height={140} />
      <CardContent sx={{ flex: 1, display: 'grid', gap: 1, alignContent: 'start' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
          {matchName(record)}
        </Typography>
        <Typography variant="body2">{formatDateTime(record.matchDate)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {record.stadium?.name}
        </Typography>
        <Stack spacing={0.5}>
          <Side side="A" />
          <Side side="B" />
        </Stack>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <ResultChip result={record.result} />
          <Typography variant="caption" color="text.secondary">
            {[sportOf(record), `${MATCH_TEXTS.columnCreated} ${formatDate(record.createdAt)}`].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
      </CardContent>
    </>
  );
}

/** 'Total Matches', 'Current Page' ('of N pages') and 'Showing': the figures of the list as loaded. */
function MatchFigures() {
  const { total = 0, page, perPage, data = [], isPending } = useListContext<Match>();
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <StatRow>
      <StatCard label={MATCH_TEXTS.statTotal} loading={isPending} value={formatCount(total)} />
      <StatCard label={MATCH_TEXTS.statPage} loading={isPending} value={page} caption={MATCH_TEXTS.statPageOf(pages)} />
      <StatCard label={MATCH_TEXTS.statShowing} loading={isPending} value={data.length} />
    </StatRow>
  );
}

export const MatchList = () => (
  <DeclaredList entity={matches} values={VALUES} columns={columns} card={<MatchCard />} stats={<MatchFigures />} emptyTexts={{ empty: { title: MATCH_TEXTS.emptyTitle } }} />
);
