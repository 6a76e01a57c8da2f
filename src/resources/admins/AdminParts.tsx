/** What the admin-account screens share: the record type, its name, and the active switch. */
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import { useState } from 'react';
import { Button, useCanAccess, useGetIdentity, useNotify, useRecordContext, useRefresh, useUpdate, type RaRecord } from 'react-admin';
import { ConfirmDialog, failureMessage } from '../../common';
import { ADMIN_TEXTS, ROLE_LABELS, ROLES, type AdminAccountRecord, type Role } from '../../domain';
import { roleOf } from '../../providers/access';

/** An admin account; `role` is absent from a server from before roles (such an admin is an owner). */
export type AdminAccount = RaRecord & Omit<AdminAccountRecord, '_id'> & { role?: Role };

/** The four roles as a select's choices, in their declared order. */
export const ROLE_CHOICES = ROLES.map((role) => ({ id: role, name: ROLE_LABELS[role] }));

export const roleLabelOf = (admin: AdminAccount) => ROLE_LABELS[roleOf(admin)];

export const adminName = (admin: Pick<AdminAccount, 'firstName' | 'lastName'>) => [admin.firstName, admin.lastName].filter(Boolean).join(' ');

/**
 * Deactivate (after a confirmation: their sessions end at once) or reactivate. Not offered on
 * one's own account; the server also refuses deactivating the last active admin, with its message.
 */
export function ActiveSwitch() {
  const admin = useRecordContext<AdminAccount>();
  const { identity } = useGetIdentity();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const { canAccess } = useCanAccess({ action: 'edit', resource: 'admins', record: admin });
  if (!admin || admin.id === identity?.id || !canAccess) return null;
  const setActive = (isActive: boolean) =>
    update(
      'admins',
      { id: admin.id, data: { isActive }, previousData: admin },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(isActive ? ADMIN_TEXTS.reactivated : ADMIN_TEXTS.deactivated, { type: 'success' });
          refresh();
        },
        onError: (error) => notify(failureMessage(error, ADMIN_TEXTS.saveFailed), { type: 'error' }),
      },
    );
  if (!admin.isActive) {
    return (
      <Button label={ADMIN_TEXTS.reactivate} onClick={() => setActive(true)} disabled={isPending}>
        <CheckCircleOutlineIcon />
      </Button>
    );
  }
  return (
    <>
      <Button label={ADMIN_TEXTS.deactivate} color="error" onClick={() => setAsking(true)} disabled={isPending}>
        <BlockIcon />
      </Button>
      <ConfirmDialog
        open={asking}
        title={ADMIN_TEXTS.deactivateTitle}
        content={ADMIN_TEXTS.deactivateConfirm(adminName(admin))}
        confirmLabel={ADMIN_TEXTS.deactivate}
        onConfirm={() => {
          setAsking(false);
          setActive(false);
        }}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
