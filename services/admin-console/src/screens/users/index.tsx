import { Loaded } from '../../components/busy';
import { Field, Page, Pager, Table } from '../../components/layout';
import { useConsole } from '../../context';
import { roles, when } from '../../format';
import { useLoad } from '../../hooks/use-load';
import { Link, navigate, useLocation } from '../../router';
import type { Role } from '../../session';

export { UserDetailScreen } from './user-detail';

const pageSize = 20;

/** GET /api/admin/users: search by e-mail or name, filter by role, paging (state in the URL, so back/forward and links work). */
export function UsersScreen() {
  const { session } = useConsole();
  const { query } = useLocation();
  const q = query.get('q') ?? '';
  const role = (query.get('role') ?? '') as Role | '';
  const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
  const found = useLoad(
    () =>
      session.client.listUsers({
        query: { page: String(page), pageSize: String(pageSize), ...(q ? { q } : {}), ...(role ? { role } : {}) },
      }),
    [q, role, page],
  );
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
      <form
        className="filters"
        aria-label="Search users"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          go({ q: String(form.get('q') ?? ''), role: String(form.get('role') ?? ''), page: 1 });
        }}
      >
        <Field label="E-mail or name">
          <input name="q" type="search" defaultValue={q} key={q} />
        </Field>
        <Field label="Role">
          <select name="role" defaultValue={role} key={role}>
            <option value="">Any role</option>
            {roles.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </Field>
        <button type="submit">Search</button>
      </form>
      <Loaded load={found}>
        {(data) => (
          <>
            <Table caption="Users">
              <thead>
                <tr>
                  <th scope="col">Id</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Name</th>
                  <th scope="col">Role</th>
                  <th scope="col">Verified</th>
                  <th scope="col">Created (UTC)</th>
                </tr>
              </thead>
              <tbody>
                {data.users.map((user) => (
                  <tr key={user.id}>
                    <td>{user.id}</td>
                    <td>
                      <Link to={`/users/${user.id}`}>{user.email}</Link>
                    </td>
                    <td>{user.fullName}</td>
                    <td>{user.role}</td>
                    <td>{user.isVerified ? 'yes' : 'no'}</td>
                    <td>{when(user.createdAt)}</td>
                  </tr>
                ))}
                {data.users.length === 0 ? (
                  <tr>
                    <td colSpan={6}>No user matches.</td>
                  </tr>
                ) : null}
              </tbody>
            </Table>
            <Pager
              label={`Page ${page} of ${pages} · ${total} users`}
              hasPrevious={page > 1}
              hasNext={page < pages}
              onPrevious={() => go({ page: page - 1 })}
              onNext={() => go({ page: page + 1 })}
            />
          </>
        )}
      </Loaded>
    </Page>
  );
}
