import type { OperationResult } from '@coin/client';
import { ChoiceField, FilterForm, formChoice, formText } from '../../components/filters';
import { Field, Page } from '../../components/layout';
import { type Column, PagedTable } from '../../components/paged-table';
import { useConsole } from '../../context';
import { roles, when } from '../../format';
import { useLoad } from '../../hooks/use-load';
import { Link, navigate, useLocation } from '../../router';
import type { Role } from '../../session';

export { UserDetailScreen } from './user-detail';

const pageSize = 20;
const exportPageSize = 100;

type AdminUser = OperationResult<'listUsers'>['users'][number];

const userColumns: readonly Column<AdminUser>[] = [
  { key: 'id', header: 'Id', cell: (user) => user.id },
  { key: 'email', header: 'E-mail', cell: (user) => <Link to={`/users/${user.id}`}>{user.email}</Link> },
  { key: 'name', header: 'Name', cell: (user) => user.fullName },
  { key: 'role', header: 'Role', cell: (user) => user.role },
  { key: 'verified', header: 'Verified', cell: (user) => (user.isVerified ? 'yes' : 'no') },
  { key: 'created', header: 'Created (UTC)', cell: (user) => when(user.createdAt) },
];

/** GET /api/admin/users: search by e-mail or name, filter by role, paging (state in the URL, so back/forward and links work). */
export function UsersScreen() {
  const { session } = useConsole();
  const { query } = useLocation();
  const q = query.get('q') ?? '';
  // The address is anyone's to edit: only a role the list offers is asked for.
  const role: Role | '' = roles.find((r) => r === query.get('role')) ?? '';
  const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
  const filters = { ...(q ? { q } : {}), ...(role ? { role } : {}) };
  const found = useLoad(
    () => session.client.listUsers({ query: { page: String(page), pageSize: String(pageSize), ...filters } }),
    [q, role, page],
  );
  // The export reads every page of the search, as many users a page as the API gives.
  const read = (cursor: string | undefined) =>
    session.client.listUsers({ query: { pageSize: String(exportPageSize), ...(cursor ? { cursor } : { page: '1' }), ...filters } });
  const go = (next: { q?: string; role?: string; page?: number }) => {
    const params = new URLSearchParams();
    const nq = next.q ?? q;
    const nr = next.role ?? role;
    if (nq) params.set('q', nq);
    if (nr) params.set('role', nr);
    if ((next.page ?? 1) > 1) params.set('page', String(next.page));
    const search = params.toString();
    navigate(`/users${search ? `?${search}` : ''}`);
  };
  const total = found.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Page title="Users">
      <FilterForm
        label="Search users"
        submit="Search"
        onFilter={(form) => go({ q: formText(form, 'q'), role: formChoice(form, 'role', roles), page: 1 })}
      >
        <Field label="E-mail or name">
          <input name="q" type="search" defaultValue={q} key={q} />
        </Field>
        <ChoiceField label="Role" name="role" choices={roles} value={role} any="Any role" />
      </FilterForm>
      <PagedTable
        load={found}
        caption="Users"
        columns={userColumns}
        rows={(data) => data.users}
        rowKey={(user) => user.id}
        empty="No user matches."
        paging={() => ({
          label: `Page ${page} of ${pages} · ${total} users`,
          hasPrevious: page > 1,
          hasNext: page < pages,
          onPrevious: () => go({ page: page - 1 }),
          onNext: () => go({ page: page + 1 }),
        })}
        csv={{ name: 'users', read }}
      />
    </Page>
  );
}
