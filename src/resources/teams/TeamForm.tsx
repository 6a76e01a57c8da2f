/**
 * 'Create Team' and 'Edit Team': the declared form with the team's own parts. The logo sits on the
 * left with its preview and guidelines (under the fields on a phone); the sports come from the server,
 * and a failed load says so. A failed save is worded the team's own way.
 */
import { Box, Card, CardContent, List, ListItem, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { SelectInput, useGetList, useNotify, useRecordContext, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DeclaredCreate, DeclaredEdit, ImagePreview, type DeclaredFormProps } from '../../common';
import { GENERIC, TEAM_TEXTS } from '../../domain';
import { teams } from '../../domain/entities';
import type { Team } from './TeamParts';

/**
 * The two failures the team form tells apart: the server said `success: false` (a 2xx answer) → `rejected`; the call
 * itself failed → 'Error … team: ' plus the server's message or 'Something went wrong'.
 */
const saveFailure = (withMessage: (message: string) => string, rejected: (message?: string) => string) => (error: unknown) => {
  const { status, message } = (error ?? {}) as { status?: number; message?: string };
  if (status && status >= 200 && status < 300) return rejected(message);
  return withMessage(message || GENERIC.somethingWentWrong);
};

/** The empty preview while the team has no logo and none is chosen (the input shows a chosen one). */
function EmptyLogo() {
  const record = useRecordContext<Team>();
  const logo = useWatch({ name: 'logo' }) as { rawFile?: unknown } | string | null | undefined;
  if (record?.logo || (logo && typeof logo === 'object' && logo.rawFile)) return null;
  return <ImagePreview alt={TEAM_TEXTS.logo} height={160} />;
}

/** The logo input between its empty preview and the guidelines. */
const LogoCard = ({ input }: { input: ReactNode }) => (
  <Card variant="outlined">
    <CardContent sx={{ display: 'grid', gap: 2 }}>
      <EmptyLogo />
      {input}
      <Box component="section" aria-labelledby="logo-guidelines">
        <Typography id="logo-guidelines" variant="subtitle2" component="h2">
          {TEAM_TEXTS.logoGuidelines}
        </Typography>
        <List dense disablePadding sx={{ listStyle: 'disc', pl: 2.5 }}>
          {TEAM_TEXTS.guidelines.map((line) => (
            <ListItem key={line} disableGutters sx={{ display: 'list-item', py: 0 }}>
              <Typography variant="body2" color="text.secondary">
                {line}
              </Typography>
            </ListItem>
          ))}
        </List>
      </Box>
    </CardContent>
  </Card>
);

/** The sports from `GET /admin/sport`; a failed load says 'Failed to load sports data'. */
function SportInput({ validate }: { validate: Validator }) {
  const notify = useNotify();
  const { data, isPending } = useGetList(
    'sport',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } },
    { onError: () => notify(TEAM_TEXTS.sportsLoadFailure, { type: 'error' }) },
  );
  // Mounted afresh once the sports arrive: SelectInput copies its choices into state one render late, and
  // that render would offer the record's sport among no options (MUI's out-of-range warning).
  return (
    <SelectInput
      key={isPending ? 'loading' : 'loaded'}
      source="sport"
      label={teams.fields.sport.label}
      choices={data ?? []}
      isPending={isPending}
      validate={validate}
      fullWidth
    />
  );
}

const layout: Omit<DeclaredFormProps, 'entity'> = {
  aside: { content: 'images', at: 'start', phoneLast: true },
  inputs: {
    logo: (input) => <LogoCard input={input} />,
    sport: (_, validate) => <SportInput validate={validate} />,
  },
};

export const TeamCreate = () => (
  <DeclaredCreate {...layout} entity={teams} submit={{ failure: saveFailure(TEAM_TEXTS.createError, (message) => message || TEAM_TEXTS.createFailure) }} />
);
export const TeamEdit = () => <DeclaredEdit {...layout} entity={teams} submit={{ failure: saveFailure(TEAM_TEXTS.editError, () => TEAM_TEXTS.editFailure) }} />;
