/**
 * 'Create New Match' and 'Edit Match': the declared form, with the match's own parts. The stadium and
 * both teams are picked from lists that, failing, toast 'Failed to load teams' once; the teams are typed
 * to find them and are never the same one. A picked date also sends its time of day. The optional
 * details start under their heading; the pictures sit in a card beside the inputs. Create starts again
 * empty after a save and its toast opens the new match; edit goes to the match.
 */
import { Typography } from '@mui/material';
import { cloneElement, useEffect, type ReactElement, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { AutocompleteInput, ReferenceInput, SelectInput, ShowButton, useChoicesContext, useCloseNotification, useNotify, type RaRecord, type Validator } from 'react-admin';
import { DeclaredCreate, DeclaredEdit, type DeclaredFormProps } from '../../common';
import { MATCH_TEXTS, VALIDATION } from '../../domain';
import { matches } from '../../domain/entities';

/** The id a team field holds: the form edits ids, a record not yet flattened holds `{ _id }`. */
const idOf = (value: unknown) => (value && typeof value === 'object' ? (value as { _id?: unknown })._id : value) || undefined;

/** Team B is refused when it is Team A ('Team A and Team B must be different teams', as the server says). */
const differentTeams: Validator = (value, values) =>
  idOf(value) && idOf(value) === idOf(values?.teamA) ? VALIDATION.teamsMustDiffer : undefined;

/** A picked date's time of day goes with it as `matchTime` (what the mobile app shows). */
const withTimeOfDay = ({ matchDate }: Record<string, unknown>) =>
  typeof matchDate === 'string' && /T\d{2}:\d{2}$/.test(matchDate) ? { matchTime: matchDate.slice(11, 16) } : {};

/** The toast's button that opens the match just created (its detail page), and closes the toast. */
function OpenMatchButton({ record }: { record: RaRecord }) {
  const close = useCloseNotification();
  return <ShowButton record={record} resource="matches" label={MATCH_TEXTS.openMatch} color="inherit" sx={{ fontWeight: 600 }} onClick={close} />;
}

/** The forms already told: one toast, 'Failed to load teams', however many of a form's lists (stadiums, teams) fail to load. */
const told = new WeakSet<object>();

/** Inside a ReferenceInput, beside its input: toasts when the choices fail to load. */
function OnChoicesError({ children }: { children: ReactNode }) {
  const { error } = useChoicesContext();
  const { control } = useFormContext();
  const notify = useNotify();
  useEffect(() => {
    if (!error || told.has(control)) return;
    told.add(control);
    notify(MATCH_TEXTS.lookupFailure, { type: 'error' });
  }, [error, control, notify]);
  return <>{children}</>;
}

/**
 * A list of choices the form needs: tried once more when it fails, then the admin is told (not after
 * react-query's usual ~7 s). Teams are searched on the server as typed, so any number of them fits.
 */
function Lookup({ source, perPage, children }: { source: 'stadium' | 'teamA' | 'teamB'; perPage: number; children: ReactNode }) {
  return (
    <ReferenceInput source={source} reference={matches.fields[source].to!} sort={{ field: 'name', order: 'ASC' }} perPage={perPage} queryOptions={{ retry: 1 }}>
      <OnChoicesError>{children}</OnChoicesError>
    </ReferenceInput>
  );
}

const team = (source: 'teamA' | 'teamB') => (_: unknown, declared: Validator) => (
  <Lookup source={source} perPage={50}>
    <AutocompleteInput label={matches.fields[source].label} optionText="name" validate={source === 'teamB' ? [declared, differentTeams] : declared} filterToQuery={(q) => ({ q })} fullWidth />
  </Lookup>
);

const flag = (input: ReactElement<Record<string, unknown>>) => cloneElement(input, { previewHeight: 100 });

const layout: Omit<DeclaredFormProps, 'entity'> = {
  aside: { content: 'images', width: 5, card: true },
  widths: { overs: 6, format: 6 },
  payload: withTimeOfDay,
  inputs: {
    stadium: (_, declared) => (
      <Lookup source="stadium" perPage={100}>
        <SelectInput label={matches.fields.stadium.label} optionText="name" validate={declared} fullWidth />
      </Lookup>
    ),
    teamA: team('teamA'),
    teamB: team('teamB'),
    title: (input) => (
      <>
        <Typography variant="subtitle1" component="h2" sx={{ mt: 2, mb: 1, fontWeight: 600 }}>
          {MATCH_TEXTS.optionalDetails}
        </Typography>
        {input}
      </>
    ),
    teamA_Flag: flag,
    teamB_Flag: flag,
  },
};

export const MatchCreate = () => (
  <DeclaredCreate entity={matches} {...layout} submit={{ redirect: false, resetOnSuccess: true, successAction: (record) => <OpenMatchButton record={record} /> }} />
);
export const MatchEdit = () => <DeclaredEdit entity={matches} {...layout} submit={{ redirect: 'show' }} />;
