import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useResourceContext } from 'react-admin';
import type { CreaseDataProvider } from '../providers';
import { formatCount } from './format';
import { StatCard } from './StatCard';

export type StatFigure = {
  /** The key of the figure in the server's `GET /admin/{resource}/stats` answer, e.g. 'thisWeek'. */
  key: string;
  label: string;
};

/** A row of headline cards, as many a row as fit at 110 px or more: three side by side even on a phone. */
export const StatRow = ({ children }: { children: React.ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(110px, 1fr))', gap: { xs: 1, sm: 2 }, py: 2 }}>{children}</Box>
);

/**
 * A list's figures counted by the server over all its records (not the loaded page). The query
 * key starts with the resource, so react-admin's saves and deletes refresh it with the list.
 */
export function ResourceStats({ figures }: { figures: StatFigure[] }) {
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider<CreaseDataProvider>();
  const { data, isPending, isError } = useQuery({
    queryKey: [resource, 'getStats'],
    queryFn: ({ signal }) => dataProvider.getStats(resource, { signal }).then((result) => result.data),
  });
  return (
    <StatRow>
      {figures.map(({ key, label }) => (
        <StatCard key={key} label={label} loading={isPending} value={isError || !data ? '—' : formatCount(data[key] ?? 0)} />
      ))}
    </StatRow>
  );
}
