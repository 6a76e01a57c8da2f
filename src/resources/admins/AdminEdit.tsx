/** /admins/{id}/edit, 'Edit Admin': names, and a new password to reset theirs. */
import { editTexts, ResourceEdit } from '../../common';
import { ADMIN_TEXTS } from '../../domain';
import { AdminForm, toAdminPayload } from './AdminForm';

export const AdminEdit = () => (
  <ResourceEdit texts={editTexts(ADMIN_TEXTS, ADMIN_TEXTS.notFound)} transform={({ email: _email, ...values }) => toAdminPayload(values)}>
    <AdminForm mode="edit" />
  </ResourceEdit>
);
