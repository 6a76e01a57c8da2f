/**
 * The one form behind 'Create New Match' and 'Edit Match': the match date with
 * its time, the stadium (labelled 'Stadium'), both teams (never the same one), the
 * result, the entity's optional details, and the stadium image and both flags, each with a preview
 * and a remove button. Create starts again empty after a save and its toast opens the new match;
 * edit saves with PUT /admin/matches/{id} and goes to the match.
 */
import { Card, CardContent, Grid, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import {
  AutocompleteInput,
  DateTimeInput,
  NumberInput,
  ReferenceInput,
  SelectInput,
  ShowButton,
  TextInput,
  useChoicesContext,
  useCloseNotification,
  useNotify,
  type RaRecord,
  type Validator,
} from 'react-admin';
import { failureMessage, ImageUpload, ResourceForm, validators, type FormSubmitOptions } from '../../common';
import { IMAGE_HINT, MATCH_RESULTS, MATCH_RULES, MATCH_TEXTS, toChoices, VALIDATION } from '../../domain';
import { matches } from '../../domain/entities';

const validate = validators(MATCH_RULES);
const IMAGES = ['stadium_image', 'teamA_Flag', 'teamB_Flag'] as const;

/** The id a team field holds: the form edits ids, a record not yet flattened holds `{ _id }`. */
const idOf = (value: unknown) => (value && typeof value === 'object' ? (value as { _id?: unknown })._id : value) || undefined;

/** Team B is refused when it is Team A ('Team A and Team B must be different teams', as the server says). */
const differentTeams: Validator = (value, values) =>
  idOf(value) && idOf(value) === idOf(values?.teamA) ? VALIDATION.teamsMustDiffer : undefined;

const teamBValidate = [validate.teamB, differentTeams];

/** A picked date and time, as the input holds it ('2026-11-22T19:30', the admin's own time). */
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

type MatchFormValues = Record<string, unknown>;

/**
 * Only the fields the API takes, as it takes them. A date picked in the form goes as an instant,
 * with its time of day as `matchTime` (what the mobile app shows); an untouched one goes as it came.
 * Cleared optional details go as blanks, which the server stores as none. Pass as `transform`.
 */
export function toMatchPayload(values: MatchFormValues) {
  const { matchDate, stadium, teamA, teamB, result, title, overs, format, umpire, tournament, removeImages } = values;
  const picked = typeof matchDate === 'string' && LOCAL_DATE_TIME.test(matchDate);
  const blank = (value: unknown) => (value === null || value === undefined ? '' : value);
  const payload: MatchFormValues = {
    matchDate: picked ? new Date(matchDate).toISOString() : matchDate,
    matchTime: picked ? matchDate.slice(11, 16) : blank(values.matchTime),
    stadium,
    teamA,
    teamB,
    result,
    title: blank(title),
    overs: blank(overs),
    format: blank(format),
    umpire: blank(umpire),
    tournament: blank(tournament),
  };
  for (const image of IMAGES) if (values[image]) payload[image] = values[image];
  return removeImages ? { ...payload, removeImages } : payload;
}

/** The toast's button that opens the match just created (its detail page, through the router adapter), and closes the toast. */
function OpenMatchButton({ record }: { record: RaRecord }) {
  const close = useCloseNotification();
  return <ShowButton record={record} resource="matches" label={MATCH_TEXTS.openMatch} color="inherit" sx={{ fontWeight: 600 }} onClick={close} />;
}

const openMatch = (record: RaRecord) => <OpenMatchButton record={record} />;

const SUBMIT: Record<'create' | 'edit', FormSubmitOptions> = {
  create: {
    success: MATCH_TEXTS.createSuccess,
    failure: MATCH_TEXTS.createFailure,
    redirect: false,
    resetOnSuccess: true,
    successAction: openMatch,
    images: IMAGES,
  },
  edit: {
    success: MATCH_TEXTS.editSuccess,
    failure: (error) => failureMessage(error, MATCH_TEXTS.editFailure),
    redirect: 'show',
    images: IMAGES,
  },
};

/** One toast, 'Failed to load teams', however many of the form's lists (stadiums, teams) fail to load. */
function useLookupFailure() {
  const notify = useNotify();
  const told = useRef(false);
  return useCallback(() => {
    if (told.current) return;
    told.current = true;
    notify(MATCH_TEXTS.lookupFailure, { type: 'error' });
  }, [notify]);
}

/** A failed list of choices is tried once more, then the admin is told (not after react-query's usual ~7 s). */
const LOOKUP_QUERY = { retry: 1 };

/** Inside a ReferenceInput, beside its input: tells `onError` when the choices fail to load. */
function OnChoicesError({ onError, children }: { onError: () => void; children: ReactNode }) {
  const { error } = useChoicesContext();
  useEffect(() => {
    if (error) onError();
  }, [error, onError]);
  return <>{children}</>;
}

/** A team picked by typing its name: the choices are searched on the server, so any number of teams fits. */
function TeamInput({ source, label, check, onError }: { source: 'teamA' | 'teamB'; label: string; check: Validator | Validator[]; onError: () => void }) {
  return (
    <ReferenceInput source={source} reference="teams" sort={{ field: 'name', order: 'ASC' }} perPage={50} queryOptions={LOOKUP_QUERY}>
      <OnChoicesError onError={onError}>
        <AutocompleteInput label={label} optionText="name" validate={check} filterToQuery={(q) => ({ q })} fullWidth />
      </OnChoicesError>
    </ReferenceInput>
  );
}

export function MatchForm({ mode }: { mode: 'create' | 'edit' }) {
  const onLookupError = useLookupFailure();
  const imageHint = mode === 'create' ? IMAGE_HINT : MATCH_TEXTS.editImageHint;
  return (
    <ResourceForm
      submit={SUBMIT[mode]}
      toolbar={{ submitLabel: MATCH_TEXTS.createSubmit, busyLabel: mode === 'create' ? MATCH_TEXTS.createBusy : MATCH_TEXTS.editBusy }}
      references={['stadium', 'teamA', 'teamB']}
    >
      <Grid container spacing={3} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <DateTimeInput source="matchDate" label={matches.fields.matchDate.label} validate={validate.matchDate} fullWidth />
          <ReferenceInput source="stadium" reference="stadium" sort={{ field: 'name', order: 'ASC' }} perPage={100} queryOptions={LOOKUP_QUERY}>
            <OnChoicesError onError={onLookupError}>
              <SelectInput label={matches.fields.stadium.label} optionText="name" validate={validate.stadium} fullWidth />
            </OnChoicesError>
          </ReferenceInput>
          <TeamInput source="teamA" label={matches.fields.teamA.label} check={validate.teamA} onError={onLookupError} />
          <TeamInput source="teamB" label={matches.fields.teamB.label} check={teamBValidate} onError={onLookupError} />
          <SelectInput source="result" label={matches.fields.result.formLabel} choices={toChoices(MATCH_RESULTS)} validate={validate.result} fullWidth />
          <Typography variant="subtitle1" component="h2" sx={{ mt: 2, mb: 1, fontWeight: 600 }}>
            {MATCH_TEXTS.optionalDetails}
          </Typography>
          <TextInput source="title" label={matches.fields.title.label} fullWidth />
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <NumberInput source="overs" label={matches.fields.overs.label} min={1} step={1} validate={validate.overs} fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput source="format" label={matches.fields.format.label} fullWidth />
            </Grid>
          </Grid>
          <TextInput source="umpire" label={matches.fields.umpire.label} fullWidth />
          <TextInput source="tournament" label={matches.fields.tournament.label} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card variant="outlined">
            <CardContent sx={{ display: 'grid', gap: 2 }}>
              <ImageUpload source="stadium_image" label={matches.fields.stadium_image.label} hint={imageHint} rule={MATCH_RULES.stadium_image} removable />
              <ImageUpload source="teamA_Flag" label={matches.fields.teamA_Flag.label} hint={imageHint} rule={MATCH_RULES.teamA_Flag} removable previewHeight={100} />
              <ImageUpload source="teamB_Flag" label={matches.fields.teamB_Flag.label} hint={imageHint} rule={MATCH_RULES.teamB_Flag} removable previewHeight={100} />
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </ResourceForm>
  );
}
