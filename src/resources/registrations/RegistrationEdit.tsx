/**
 * /registrations/{id}/edit, 'Edit Registration': the spec's fields, location
 * choices that cascade (a state lists only its districts and clears district and city; a district
 * only its cities), 'Update', then 'Updated successfully' and the detail page. Errors reach the
 * admin: the server's message in a toast, its field errors at their fields.
 */
import { Box } from '@mui/material';
import { TextInput } from 'react-admin';
import { editTexts, failureMessage, ResourceEdit, ResourceForm, validators } from '../../common';
import { adminFormFields, REGISTRATION_RULES, REGISTRATION_TEXTS } from '../../domain';
import { registrations } from '../../domain/entities/registrations';
import { PlaceInput } from './RegistrationParts';

const T = REGISTRATION_TEXTS;
const validate = validators(REGISTRATION_RULES);
const row = { display: 'grid', gap: { xs: 0, sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, width: '100%' };

/** Only the fields the spec's edit sends (the declared form's), as ids for the location. */
const fields = adminFormFields(registrations).map(([name]) => name);
const toPayload = (data: Record<string, unknown>) => Object.fromEntries(fields.map((field) => [field, data[field] ?? '']));

export const RegistrationEdit = () => (
  <ResourceEdit texts={editTexts(T, T.notFound)} transform={toPayload}>
    <ResourceForm
      submit={{ success: T.editSuccess, failure: (error) => failureMessage(error, T.editFailure), redirect: 'show' }}
      toolbar={{ submitLabel: T.editSubmit, busyLabel: T.editBusy }}
      references={['state', 'district', 'city']}
    >
      <Box sx={row}>
        <TextInput source="firstName" label={registrations.fields.firstName.label} validate={validate.firstName} />
        <TextInput source="lastName" label={registrations.fields.lastName.label} validate={validate.lastName} />
      </Box>
      <Box sx={row}>
        <TextInput source="email" label={registrations.fields.email.label} type="email" validate={validate.email} />
        <TextInput source="phone" label={registrations.fields.phone.label} type="tel" validate={validate.phone} />
      </Box>
      <Box sx={{ ...row, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
        <PlaceInput source="state" reference="state" label={registrations.fields.state.label} clears={['district', 'city']} />
        <PlaceInput source="district" reference="district" parent="state" label={registrations.fields.district.label} clears={['city']} />
        <PlaceInput source="city" reference="city" parent="district" label={registrations.fields.city.label} />
      </Box>
      <Box sx={row}>
        <TextInput source="area" label={registrations.fields.area.label} validate={validate.area} />
        <TextInput source="pinCode" label={registrations.fields.pinCode.label} validate={validate.pinCode} />
      </Box>
      <TextInput source="address" label={registrations.fields.address.label} validate={validate.address} multiline minRows={2} />
    </ResourceForm>
  </ResourceEdit>
);
