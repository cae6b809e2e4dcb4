import { deNom } from '@comptoir/shared';
import type { UserItem } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { Message } from 'primereact/message';
import { FormDialog } from '../../components/FormDialog';
import { ListToolbar } from '../../components/list/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { SearchBox } from '../../components/SearchBox';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import { useDialogParam } from '../../lib/use-dialog-param';
import { useFeedback } from '../../lib/use-feedback';
import { useClampedPage, useListParams } from '../../lib/use-list-params';
import { useSession } from '../../lib/use-session';
import {
  useCreateUser,
  useOwnShops,
  useSetUserActive,
  useUpdateUser,
  useUser,
  useUsers,
} from './api';
import { useCreateInvitation, useResendUserInvitation } from './invitations-api';
import { INVITE_FIELDS, InviteForm } from './InviteForm';
import { PendingInvitations } from './PendingInvitations';
import { USER_FIELDS, UserForm, type UserFormMode } from './UserForm';
import { UsersFilters } from './UsersFilters';
import { UsersTable } from './UsersTable';
import { USERS_LIST, fullName } from './users-list';

const FORM_ID = 'user-form';

/**
 * /pages/users: the admin's accounts or the owner's managers; list, edit, disable. The admin
 * creates accounts; an owner invites managers, who appear in the list once they accept (pending
 * invitations below it).
 */
export default function UsersRoute() {
  const { role, user: self } = useSession();
  const mode: UserFormMode = role === 'ROLE_ADMIN' ? 'admin' : 'owner';
  const list = useListParams(USERS_LIST);
  const users = useUsers(list.query);
  useClampedPage(list, users.data?.total);
  const dialog = useDialogParam();
  const editedId = typeof dialog.target === 'number' ? dialog.target : null;
  const edited = useUser(editedId);
  const shops = useOwnShops(mode === 'owner');
  const create = useCreateUser();
  const invite = useCreateInvitation();
  const update = useUpdateUser();
  const setActive = useSetUserActive();
  const resendUser = useResendUserInvitation();
  const feedback = useFeedback();
  const saving = create.isPending || invite.isPending || update.isPending;
  const inviting = mode === 'owner' && dialog.target === 'new';

  const openDialog = (target: 'new' | number) => {
    create.reset();
    invite.reset();
    update.reset();
    dialog.open(target);
  };

  const resendInvitation = (user: UserItem) =>
    resendUser.mutate(user.id, {
      onSuccess: () =>
        feedback.success(
          'Invitation renvoyée',
          `Un nouveau lien a été envoyé à ${user.email} ; le précédent ne fonctionne plus.`,
        ),
      onError: feedback.actionError('Renvoi impossible'),
    });

  const toggle = (user: UserItem) => {
    const run = () =>
      setActive.mutate(
        { id: user.id, active: !user.active },
        {
          onSuccess: (u) =>
            feedback.success(
              u.active ? 'Compte activé' : 'Compte désactivé',
              `${fullName(u)} ${u.active ? 'peut de nouveau se connecter' : 'ne peut plus se connecter'}.`,
            ),
          onError: feedback.actionError(
            user.active ? 'Désactivation impossible' : 'Activation impossible',
          ),
        },
      );
    if (!user.active) return run();
    confirmDialog({
      header: 'Désactiver le compte',
      message: `Désactiver le compte ${deNom(fullName(user))} ? Ses sessions prendront fin et il ne pourra plus se connecter.`,
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: run,
    });
  };

  const title = mode === 'admin' ? 'Utilisateurs' : 'Gérants de mes boutiques';
  const header = (
    <ListToolbar
      filters={list.state.filters}
      search={
        <SearchBox
          value={list.state.q}
          onSearch={list.setSearch}
          label="Rechercher un utilisateur"
          placeholder="Nom ou adresse e-mail"
        />
      }
    >
      <UsersFilters
        showRole={mode === 'admin'}
        filters={list.state.filters}
        onFilter={list.setFilter}
      />
    </ListToolbar>
  );

  return (
    <div className="card-surface">
      <ConfirmDialog />
      <PageHeader title={title}>
        <Button
          type="button"
          label={mode === 'admin' ? 'Nouvel utilisateur' : 'Inviter un gérant'}
          icon={mode === 'admin' ? 'pi pi-plus' : 'pi pi-envelope'}
          onClick={() => openDialog('new')}
        />
      </PageHeader>
      {users.isError && (
        <Message
          severity="error"
          text={errorMessage(users.error)}
          className="w-full justify-content-start mb-3"
        />
      )}
      <UsersTable
        page={users.data}
        loading={users.isFetching}
        list={list}
        selfId={self?.id}
        header={header}
        onEdit={(u) => openDialog(u.id)}
        onToggle={toggle}
        onResendInvitation={resendInvitation}
      />
      <PendingInvitations canResend={mode === 'owner'} />
      <FormDialog
        header={
          dialog.target === 'new'
            ? mode === 'admin'
              ? 'Nouvel utilisateur'
              : 'Inviter un gérant'
            : "Modifier l'utilisateur"
        }
        visible={dialog.target !== null}
        onHide={dialog.close}
        formId={FORM_ID}
        saving={saving}
        submitLabel={inviting ? "Envoyer l'invitation" : undefined}
      >
        {inviting && (
          <InviteForm
            formId={FORM_ID}
            shops={shops.data ?? []}
            serverErrors={fieldErrorsOf(invite.error)}
            onInvite={(body) =>
              invite.mutate(body, {
                onSuccess: () => {
                  dialog.close();
                  feedback.success(
                    'Invitation envoyée',
                    `Une invitation a été envoyée à ${body.email.toLowerCase()}. La personne rejoindra votre équipe quand elle l'aura acceptée.`,
                  );
                },
                onError: feedback.formError('Invitation impossible', INVITE_FIELDS),
              })
            }
          />
        )}
        {edited.isError && (
          <Message
            severity="error"
            text={errorMessage(edited.error)}
            className="w-full justify-content-start"
          />
        )}
        {editedId !== null && edited.isPending && <p role="status">Chargement…</p>}
        {((dialog.target === 'new' && !inviting) || edited.data) && (
          <UserForm
            key={dialog.target === 'new' ? 'new' : edited.data?.id}
            formId={FORM_ID}
            mode={mode}
            user={dialog.target === 'new' ? null : (edited.data ?? null)}
            shops={shops.data ?? []}
            serverErrors={fieldErrorsOf(dialog.target === 'new' ? create.error : update.error)}
            onCreate={(body) =>
              create.mutate(body, {
                onSuccess: (u) => {
                  dialog.close();
                  feedback.success(
                    'Utilisateur créé',
                    `Une invitation à choisir son mot de passe a été envoyée à ${u.email}.`,
                  );
                },
                onError: feedback.formError('Création impossible', USER_FIELDS),
              })
            }
            onUpdate={(body) =>
              editedId !== null &&
              update.mutate(
                { id: editedId, body },
                {
                  onSuccess: (u) => {
                    dialog.close();
                    feedback.success(
                      'Utilisateur enregistré',
                      `Les informations ${deNom(fullName(u))} ont été mises à jour.`,
                    );
                  },
                  onError: feedback.formError('Enregistrement impossible', USER_FIELDS),
                },
              )
            }
          />
        )}
      </FormDialog>
    </div>
  );
}
