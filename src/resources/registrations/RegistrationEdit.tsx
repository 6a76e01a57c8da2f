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
        <TextInput source="firstName" label={T.fieldFirstName} validate={validate.firstName} />
        <TextInput source="lastName" label={T.fieldLastName} validate={validate.lastName} />
      </Box>
      <Box sx={row}>
        <TextInput source="email" label={T.fieldEmail} type="email" validate={validate.email} />
        <TextInput source="phone" label={T.fieldPhone} type="tel" validate={validate.phone} />
      </Box>
      <Box sx={{ ...row, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
        <PlaceInput source="state" reference="state" label={T.fieldState} clears={['district', 'city']} />
        <PlaceInput source="district" reference="district" parent="state" label={T.fieldDistrict} clears={['city']} />
        <PlaceInput source="city" reference="city" parent="district" label={T.fieldCity} />
      </Box>
      <Box sx={row}>
        <TextInput source="area" label={T.fieldArea} validate={validate.area} />
        <TextInput source="pinCode" label={T.fieldPinCode} validate={validate.pinCode} />
      </Box>
      <TextInput source="address" label={T.fieldAddress} validate={validate.address} multiline minRows={2} />
    </ResourceForm>
  </ResourceEdit>
);
