/**
 * The one form behind 'Add Player' (/create/player) and 'Edit Player' (/player/{id}/edit): name, age, picture, team, playing role, bowling style, batting, batting order and video
 * address. The team and the three lookups come from the server; the edit sends `playingRole` too.
 */
import { Grid } from '@mui/material';
import { AutocompleteInput, NumberInput, ReferenceInput, SelectInput, TextInput, type RaRecord } from 'react-admin';
import { failureMessage, ImageUpload, ResourceForm, validators } from '../../common';
import { IMAGE_HINT, PLAYER_ROLES, PLAYER_RULES, PLAYER_TEXTS, toChoices } from '../../domain';
import { players } from '../../domain/entities';

const validate = validators(PLAYER_RULES);
const IMAGES = ['image'] as const;
const ROLES = toChoices(PLAYER_ROLES);
/** The populated references the form edits by id. */
const REFERENCES = ['team_id', 'bowling', 'batting', 'battingOrder'] as const;

const MODES = {
  create: {
    submit: {
      success: PLAYER_TEXTS.createSuccess,
      failure: (error: unknown) => failureMessage(error, PLAYER_TEXTS.createFailure),
      fileField: 'image',
      images: IMAGES,
    },
    toolbar: { submitLabel: PLAYER_TEXTS.createSubmit, busyLabel: PLAYER_TEXTS.createBusy },
    imageHint: IMAGE_HINT,
  },
  edit: {
    submit: { success: PLAYER_TEXTS.editSuccess, failure: PLAYER_TEXTS.editFailure, fileField: 'image', images: IMAGES },
    toolbar: { submitLabel: PLAYER_TEXTS.editSubmit, busyLabel: PLAYER_TEXTS.editBusy },
    imageHint: PLAYER_TEXTS.editImageHint,
  },
} as const;

/** An optional field as the API takes it: empty means none (a multipart form cannot send null). */
const orBlank = (value: unknown) => (value === null || value === undefined ? '' : value);

/** Only the fields the API takes for a player; the image only when one is chosen. Pass as `transform`. */
export const toPlayerPayload = ({ name, age, image, team_id, playingRole, bowling, batting, battingOrder, videoUrl }: Record<string, unknown>) => ({
  name,
  age: orBlank(age),
  team_id: orBlank(team_id),
  playingRole: orBlank(playingRole),
  bowling: orBlank(bowling),
  batting: orBlank(batting),
  battingOrder: orBlank(battingOrder),
  videoUrl: typeof videoUrl === 'string' ? videoUrl.trim() : '',
  ...(image ? { image } : {}),
});

/** The three lookups behind the dropdowns, read from the server in their own order (batting orders 1, 2, 3…). */
const LOOKUPS = [
  { source: 'bowling', reference: 'bowling-style', label: players.fields.bowling.label, optionText: 'style' },
  { source: 'batting', reference: 'batting-headedness', label: players.fields.batting.label, optionText: 'battingsType' },
  { source: 'battingOrder', reference: 'batting-order', label: players.fields.battingOrder.label, optionText: (order: RaRecord) => `#${order.order} ${order.position}` },
];

export function PlayerForm({ mode }: { mode: keyof typeof MODES }) {
  const settings = MODES[mode];
  return (
    <ResourceForm submit={settings.submit} toolbar={settings.toolbar} references={REFERENCES}>
      <Grid container spacing={3} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, sm: 8 }}>
              <TextInput source="name" label={players.fields.name.label} validate={validate.name} fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <NumberInput source="age" label={players.fields.age.label} min={1} step={1} validate={validate.age} fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <ReferenceInput source="team_id" reference="teams" sort={{ field: 'name', order: 'ASC' }}>
                <AutocompleteInput label={players.fields.team_id.label} optionText="name" fullWidth />
              </ReferenceInput>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <SelectInput source="playingRole" label={players.fields.playingRole.label} choices={ROLES} validate={validate.playingRole} fullWidth />
            </Grid>
            {LOOKUPS.map(({ source, reference, label, optionText }) => (
              <Grid key={source} size={{ xs: 12, sm: 4 }}>
                <ReferenceInput source={source} reference={reference}>
                  <SelectInput label={label} optionText={optionText} fullWidth />
                </ReferenceInput>
              </Grid>
            ))}
            <Grid size={12}>
              <TextInput source="videoUrl" label={players.fields.videoUrl.label} type="url" validate={validate.videoUrl} fullWidth />
            </Grid>
          </Grid>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <ImageUpload source="image" label={players.fields.image.label} hint={settings.imageHint} rule={PLAYER_RULES.image} />
        </Grid>
      </Grid>
    </ResourceForm>
  );
}
