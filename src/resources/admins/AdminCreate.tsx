/** /admins/create, 'Add Admin'. */
import { ResourceCreate } from '../../common';
import { ADMIN_TEXTS } from '../../domain';
import { AdminForm, toAdminPayload } from './AdminForm';

export const AdminCreate = () => (
  <ResourceCreate title={ADMIN_TEXTS.createTitle} transform={toAdminPayload}>
    <AdminForm mode="create" />
  </ResourceCreate>
);
