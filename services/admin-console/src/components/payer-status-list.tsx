import { useState } from 'react';
import { useLoad } from '../hooks/use-load';
import { useLocation } from '../router';
import { ChoiceField, FilterForm, formChoice, formText } from './filters';
import { Field } from './layout';
import { offsetPaging, PagedTable, type PagedTableProps } from './paged-table';

/** How many items a page of a payer and status list shows. */
const pageSize = 25;
/** The lists' largest page: an export reads a list in as few requests as the API allows. */
const exportPageSize = 100;

/** What a payer and status list asks the API for: a page, and the payer and status when the filter names them. */
export interface PayerStatusQuery<S extends string> {
  limit: string;
  /** From here; or, for the export's later pages, from a page's nextCursor. */
  offset?: string;
  cursor?: string;
  userId?: string;
  status?: S;
}

/**
 * A list of one kind of payer's items by payer and status, counted and paged by offset (GET
 * /api/admin/holds, /api/admin/mandates): the filter form (the payer's user id, from the address's
 * `userId` at first, and the status) and the paged table with Export CSV. A filter starts again from the first page.
 */
export function PayerStatusList<S extends string, T extends { pagination: { total: number } }, Row>({
  noun,
  statuses,
  list,
  reloadKey = 0,
  ...table
}: Omit<PagedTableProps<T, Row>, 'load' | 'paging'> & {
  /** What the list holds, plural ("holds"): the filter form is named after it. */
  noun: string;
  statuses: readonly S[];
  list: (query: PayerStatusQuery<S>) => Promise<T>;
  /** Changed by the screen after it changed an item: the page is asked again. */
  reloadKey?: number;
}) {
  const { query } = useLocation();
  const [userId, setUserId] = useState(query.get('userId') ?? '');
  const [status, setStatus] = useState<S | ''>('');
  const [offset, setOffset] = useState(0);
  const filters = { ...(userId ? { userId } : {}), ...(status ? { status } : {}) };
  const load = useLoad(() => list({ limit: String(pageSize), offset: String(offset), ...filters }), [userId, status, offset, reloadKey]);
  const read = (cursor: string | undefined) =>
    list({ limit: String(exportPageSize), ...(cursor ? { cursor } : { offset: '0' }), ...filters });
  const total = load.data?.pagination.total ?? 0;
  return (
    <>
      <FilterForm
        label={`Filter ${noun}`}
        onFilter={(form) => {
          setUserId(formText(form, 'userId'));
          setStatus(formChoice(form, 'status', statuses));
          setOffset(0);
        }}
      >
        <Field label="Payer's user id">
          <input name="userId" inputMode="numeric" pattern="[0-9]*" defaultValue={userId} />
        </Field>
        <ChoiceField label="Status" name="status" choices={statuses} value={status} />
      </FilterForm>
      <PagedTable
        {...table}
        load={load}
        paging={(_, rows) => offsetPaging({ offset, pageSize, shown: rows.length, total, setOffset })}
        csv={{ name: noun, read }}
      />
    </>
  );
}
