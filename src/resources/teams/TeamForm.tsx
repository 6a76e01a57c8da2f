/**
 * The one form behind 'Create Team' and 'Edit Team': the logo with its preview
 * and guidelines (and, on edit, its remove button) on the left, name, sport, coach and the active
 * flag on the right. The sport list comes from the server; an empty logo keeps the current one.
 */
import { Box, Card, CardContent, Grid, List, ListItem, Typography } from '@mui/material';
import { SelectInput, TextInput, useGetList, useNotify, useRecordContext, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { CheckboxInput, ImagePreview, ImageUpload, ResourceForm, validators } from '../../common';
import { GENERIC, IMAGE_HINT, TEAM_CREATE_RULES, TEAM_EDIT_RULES, TEAM_TEXTS } from '../../domain';
import { teams } from '../../domain/entities';
import type { Team } from './TeamParts';

const IMAGES = ['logo'] as const;

type SaveFailure = { status?: number; message?: string } | null | undefined;

/**
 * The spec's two failures: the server said `success: false` (a 2xx answer) → its message or the
 * fixed text; the call itself failed → 'Error … team: ' plus the server's message or 'Something went wrong'.
 */
const saveFailure = (error: unknown, withMessage: (message: string) => string, rejected: (message?: string) => string) => {
  const { status, message } = (error ?? {}) as NonNullable<SaveFailure>;
  if (status && status >= 200 && status < 300) return rejected(message);
  return withMessage(message || GENERIC.somethingWentWrong);
};

const MODES = {
  create: {
    rules: TEAM_CREATE_RULES,
    submit: {
      success: TEAM_TEXTS.createSuccess,
      failure: (error: unknown) => saveFailure(error, TEAM_TEXTS.createError, (message) => message || TEAM_TEXTS.createFailure),
      fileField: 'logo',
      images: IMAGES,
    },
    toolbar: { submitLabel: TEAM_TEXTS.createSubmit, busyLabel: TEAM_TEXTS.createBusy },
    logoHint: IMAGE_HINT,
  },
  edit: {
    rules: TEAM_EDIT_RULES,
    submit: {
      success: TEAM_TEXTS.editSuccess,
      failure: (error: unknown) => saveFailure(error, TEAM_TEXTS.editError, () => TEAM_TEXTS.editFailure),
      fileField: 'logo',
      images: IMAGES,
    },
    toolbar: { submitLabel: TEAM_TEXTS.editSubmit, busyLabel: TEAM_TEXTS.editBusy },
    logoHint: TEAM_TEXTS.editLogoHint,
  },
} as const;

type TeamFormValues = Record<string, unknown> & { coach?: string | null };

/** Only the fields the API takes for a team; a cleared coach is sent empty (none). Pass as `transform`. */
export const toTeamPayload = ({ name, sport, coach, isActive, logo, removeImages }: TeamFormValues) => ({
  name,
  sport,
  coach: coach ?? '',
  isActive: Boolean(isActive),
  ...(logo ? { logo } : {}),
  ...(removeImages ? { removeImages } : {}),
});

/** The empty preview while the team has no logo and none is chosen (the input shows a chosen one). */
function EmptyLogo() {
  const record = useRecordContext<Team>();
  const logo = useWatch({ name: 'logo' }) as { rawFile?: unknown } | string | null | undefined;
  if (record?.logo || (logo && typeof logo === 'object' && logo.rawFile)) return null;
  return <ImagePreview alt={TEAM_TEXTS.logo} height={160} />;
}

function LogoCard({ hint, rule }: { hint: string; rule: (typeof TEAM_CREATE_RULES)['logo'] }) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <EmptyLogo />
        <ImageUpload source="logo" label={teams.fields.logo.label} hint={hint} rule={rule} removable />
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
}

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

export function TeamForm({ mode }: { mode: keyof typeof MODES }) {
  const settings = MODES[mode];
  const validate = validators(settings.rules);
  return (
    <ResourceForm
      submit={settings.submit}
      toolbar={settings.toolbar}
      defaultValues={mode === 'create' ? { isActive: true } : undefined}
      references={['sport']}
    >
      <Grid container spacing={3} sx={{ width: '100%' }}>
        {/* On a phone the fields come first and the logo after them; beside them on a desk. */}
        <Grid size={{ xs: 12, md: 4 }} sx={{ order: { xs: 2, md: 1 } }}>
          <LogoCard hint={settings.logoHint} rule={settings.rules.logo} />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }} sx={{ order: { xs: 1, md: 2 } }}>
          <TextInput source="name" label={teams.fields.name.label} validate={validate.name} fullWidth />
          <SportInput validate={validate.sport} />
          <TextInput source="coach" label={teams.fields.coach.formLabel} fullWidth />
          <CheckboxInput source="isActive" label={teams.fields.isActive.label} />
        </Grid>
      </Grid>
    </ResourceForm>
  );
}
