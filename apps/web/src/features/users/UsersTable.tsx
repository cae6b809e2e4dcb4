import {
  ROLE_LABELS,
  formatDateTime,
  isRole,
  type UserItem,
  type UserPage,
} from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import type { ReactNode } from 'react';
import { CardList } from '../../components/list/CardList';
import { pagedCardsProps, pagedTableProps } from '../../components/paged-table';
import { useIsPhone } from '../../lib/use-phone';
import type { useListParams } from '../../lib/use-list-params';
import { fullName } from './users-list';

interface Props {
  page: UserPage | undefined;
  loading: boolean;
  list: ReturnType<typeof useListParams>;
  /** The connected user, who cannot disable their own account. */
  selfId: number | undefined;
  header: ReactNode;
  onEdit: (user: UserItem) => void;
  onToggle: (user: UserItem) => void;
  /** « Renvoyer l'invitation » of an account that has not chosen its password yet. */
  onResendInvitation: (user: UserItem) => void;
}

const nameCell = (u: UserItem) => (
  <span className="flex flex-wrap align-items-center gap-2">
    {fullName(u)}
    {u.invitationEnAttente && <Tag value="Invitation en attente" severity="info" />}
  </span>
);
const rolesCell = (u: UserItem) => u.roles.map((r) => (isRole(r) ? ROLE_LABELS[r] : r)).join(', ');
const shopsCell = (u: UserItem) =>
  u.services.length ? u.services.map((s) => s.nom).join(', ') : '—';
const lastLoginCell = (u: UserItem) => (u.lastLoginAt ? formatDateTime(u.lastLoginAt) : 'Jamais');
const statusCell = (u: UserItem) =>
  u.active ? <Tag value="Actif" severity="success" /> : <Tag value="Désactivé" severity="danger" />;

/** The users of a page of the list, server-paged and sorted. */
export function UsersTable(props: Props) {
  const { page, loading, list, selfId, header, onEdit, onToggle, onResendInvitation } = props;
  const actions = (u: UserItem) => (
    <div className="flex gap-1 justify-content-end">
      {u.invitationEnAttente && u.active && (
        <Button
          type="button"
          icon="pi pi-send"
          rounded
          text
          aria-label={`Renvoyer l'invitation à ${fullName(u)}`}
          tooltip="Renvoyer l'invitation"
          tooltipOptions={{ position: 'top' }}
          onClick={() => onResendInvitation(u)}
        />
      )}
      <Button
        type="button"
        icon="pi pi-pencil"
        rounded
        text
        aria-label={`Modifier ${fullName(u)}`}
        onClick={() => onEdit(u)}
      />
      {u.id !== selfId &&
        (u.active ? (
          <Button
            type="button"
            icon="pi pi-ban"
            rounded
            text
            severity="danger"
            aria-label={`Désactiver ${fullName(u)}`}
            onClick={() => onToggle(u)}
          />
        ) : (
          <Button
            type="button"
            icon="pi pi-check-circle"
            rounded
            text
            severity="success"
            aria-label={`Activer ${fullName(u)}`}
            onClick={() => onToggle(u)}
          />
        ))}
    </div>
  );
  const phone = useIsPhone();
  if (phone)
    return (
      <CardList
        value={page?.items ?? []}
        rowKey={(u) => u.id}
        label="Utilisateurs"
        emptyMessage="Aucun utilisateur"
        loading={loading}
        header={header}
        paging={pagedCardsProps(list, page?.total ?? 0)}
        testId="users-cards"
        card={(u) => ({
          title: nameCell(u),
          status: statusCell(u),
          details: [u.email, rolesCell(u), shopsCell(u)],
          actions: actions(u),
        })}
      />
    );
  return (
    <DataTable
      value={page?.items ?? []}
      dataKey="id"
      loading={loading}
      header={header}
      emptyMessage="Aucun utilisateur"
      stripedRows
      size="small"
      data-testid="users-table"
      {...pagedTableProps(list, page?.total ?? 0)}
    >
      <Column header="Nom complet" sortable sortField="nom" field="nom" body={nameCell} />
      <Column header="Adresse e-mail" sortable field="email" />
      <Column header="Rôles" body={rolesCell} />
      <Column header="Boutiques" body={shopsCell} />
      <Column header="Dernière connexion" sortable field="last_login_at" body={lastLoginCell} />
      <Column header="Statut" body={statusCell} />
      <Column header="Actions" body={actions} headerClassName="text-right" />
    </DataTable>
  );
}
