/** What the admin-account screens share: the record type, its name, and the active switch. */
import BlockIcon from '@mui/icons-material/Block';
import LogoutIcon from '@mui/icons-material/Logout';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import { useState } from 'react';
import { Button, useCanAccess, useDataProvider, useGetIdentity, useNotify, useRecordContext, useRefresh, useUpdate, type RaRecord } from 'react-admin';
import { ConfirmDialog, failureMessage } from '../../common';
import { ADMIN_TEXTS, ROLE_LABELS, ROLES, SESSION_TEXTS, type AdminAccountRecord, type Role } from '../../domain';
import type { CreaseDataProvider } from '../../providers';
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

/**
 * End All Sessions (after a confirmation): the admin is signed out everywhere at once. An owner's
 * action (the roles rules hide it from the others). Not offered on one's own account, whose
 * sessions the profile lists.
 */
export function EndSessionsButton() {
  const admin = useRecordContext<AdminAccount>();
  const { identity } = useGetIdentity();
  const dataProvider = useDataProvider<CreaseDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!admin || admin.id === identity?.id) return null;
  const endAll = async () => {
    setBusy(true);
    try {
      const { data } = await dataProvider.endAdminSessions({ id: admin.id });
      notify(SESSION_TEXTS.allEnded(data.ended), { type: 'success' });
      // The History below gains the entry.
      refresh();
    } catch (error) {
      notify(failureMessage(error, SESSION_TEXTS.endFailed), { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <>
      <Button label={SESSION_TEXTS.endAll} color="error" onClick={() => setAsking(true)} disabled={busy}>
        <LogoutIcon />
      </Button>
      <ConfirmDialog
        open={asking}
        title={SESSION_TEXTS.endAllTitle}
        content={SESSION_TEXTS.endAllConfirm(adminName(admin))}
        confirmLabel={SESSION_TEXTS.endAll}
        busy={busy}
        onConfirm={() => void endAll()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
