/**
 * /matches, 'Match Management' on the shared list frame: the page's figures, tabs for
 * all, upcoming and played matches with their counts (beyond the spec), search by stadium and
 * filters by result and match-date range on the server, table or grid, View and Edit.
 */
import { Box, CardContent, Stack, Typography } from '@mui/material';
import { DateInput, FunctionField, SelectInput, useListContext, useRecordContext } from 'react-admin';
import {
  formatCount,
  formatDate,
  formatDateTime,
  ImagePreview,
  ListTabs,
  listTexts,
  RecordActions,
  ResourceList,
  StatCard,
  StatRow,
  Thumbnail,
  useTabCounts,
} from '../../common';
import { ACTIONS, MATCH_RESULTS, MATCH_TEXTS, toChoices } from '../../domain';
import { matches } from '../../domain/entities';
import { matchName, ResultChip, sportOf, TeamLine, type Match } from './MatchParts';

/**
 * The date range as instants of the admin's own days: 'from' is the start of its day, 'to' the end
 * of its day, so a match at 23:30 local time is inside the range that ends that day.
 */
const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : null);
const dayEnd = (day: string) => (day ? new Date(`${day}T23:59:59.999`).toISOString() : null);

const filters = [
  <SelectInput key="result" source="result" label={matches.fields.result.label} choices={toChoices(MATCH_RESULTS)} emptyText={ACTIONS.clearFilter} />,
  <DateInput key="from" source="from" label={MATCH_TEXTS.fromFilter} parse={dayStart} />,
  <DateInput key="to" source="to" label={MATCH_TEXTS.toFilter} parse={dayEnd} />,
];

const columns = [
  <FunctionField<Match>
    key="image"
    label={MATCH_TEXTS.columnImage}
    sortable={false}
    render={(record) => <Thumbnail src={record.stadium_image} alt={MATCH_TEXTS.stadiumImage(record.stadium?.name ?? '')} width={80} />}
  />,
  <FunctionField<Match> key="matchDate" label={matches.fields.matchDate.label} sortBy="matchDate" render={(record) => formatDateTime(record.matchDate)} />,
  <FunctionField<Match> key="stadium" label={matches.fields.stadium.label} sortable={false} render={(record) => record.stadium?.name ?? ''} />,
  <FunctionField<Match> key="result" label={matches.fields.result.label} sortable={false} render={(record) => <ResultChip result={record.result} />} />,
  <FunctionField<Match> key="teamA" label={matches.fields.teamA.label} sortable={false} render={(record) => <TeamLine team={record.teamA} flag={record.teamA_Flag} />} />,
  <FunctionField<Match> key="teamB" label={matches.fields.teamB.label} sortable={false} render={(record) => <TeamLine team={record.teamB} flag={record.teamB_Flag} />} />,
  <FunctionField<Match> key="sport" label={MATCH_TEXTS.columnSport} sortable={false} render={sportOf} />,
  <FunctionField<Match> key="created" label={MATCH_TEXTS.columnCreated} sortBy="createdAt" render={(record) => formatDate(record.createdAt)} />,
];

function MatchCard() {
  const record = useRecordContext<Match>()!;
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
          <TeamLine team={record.teamA} flag={record.teamA_Flag} />
          <TeamLine team={record.teamB} flag={record.teamB_Flag} />
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

/**
 * All, Upcoming (soonest first) and Played (latest first), each with its count over the matches the
 * search and filters select; the counts come from the server, in one call, whatever the open tab.
 */
function MatchTabs() {
  const data = useTabCounts('when');
  return (
    <ListTabs
      source="when"
      label={MATCH_TEXTS.tabsLabel}
      tabs={[
        { label: MATCH_TEXTS.tabAll, count: data?.total, sort: { field: 'createdAt', order: 'DESC' } },
        { label: MATCH_TEXTS.tabUpcoming, value: 'upcoming', count: data?.upcoming, sort: { field: 'matchDate', order: 'ASC' } },
        { label: MATCH_TEXTS.tabPlayed, value: 'played', count: data?.played, sort: { field: 'matchDate', order: 'DESC' } },
      ]}
    />
  );
}

export function MatchList() {
  return (
    <ResourceList
      texts={listTexts(MATCH_TEXTS)}
      emptyTexts={{ empty: { title: MATCH_TEXTS.emptyTitle } }}
      stats={<MatchFigures />}
      tabs={<MatchTabs />}
      filters={filters}
      sortFields={['createdAt', 'matchDate']}
      columns={columns}
      card={<MatchCard />}
      // The spec offers no match delete.
      actions={<RecordActions />}
    />
  );
}
