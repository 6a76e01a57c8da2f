/**
 * /registrations/{id}/edit, 'Edit Registration': the declared form, its inputs side by side, with
 * location choices that cascade (a state lists only its districts and clears district and city; a
 * district only its cities); 'Update', then 'Updated successfully' and the detail page.
 */
import { cloneElement } from 'react';
import { DeclaredEdit } from '../../common';
import { registrations } from '../../domain/entities/registrations';
import { PlaceInput } from './RegistrationParts';

const { state, district, city } = registrations.fields;

export const RegistrationEdit = () => (
  <DeclaredEdit
    entity={registrations}
    submit={{ redirect: 'show' }}
    widths={{ firstName: 6, lastName: 6, email: 6, phone: 6, state: 4, district: 4, city: 4, area: 6, pinCode: 6 }}
    inputs={{
      phone: (input) => cloneElement(input, { type: 'tel' }),
      state: <PlaceInput source="state" reference="state" label={state.label} clears={['district', 'city']} />,
      district: <PlaceInput source="district" reference="district" parent="state" label={district.label} clears={['city']} />,
      city: <PlaceInput source="city" reference="city" parent="district" label={city.label} />,
      address: (input) => cloneElement(input, { multiline: true, minRows: 2 }),
    }}
  />
);
