/**
 * Named columns for a statement that writes many rows with one parameter per column (`unnest`),
 * so a batch of thousands of rows costs one round trip. A table's columns are an object keyed by
 * column name, each taking its value from a row; the statement's text, with its parameters
 * numbered, is generated once from those objects, and each call only computes the values. A
 * column is never placed by its position in a long list of parameters.
 */

/** One column: how its values travel and which value of a row it holds. */
export interface Column<R> {
  /**
   * `unnest`: one typed array (`$n::type[]`). `json`: one JSON array of texts
   * (`json_array_elements_text`), each value's own JSON text: JSON.stringify escapes in native
   * code, where pg's array literal escaping would run a regex per element in JavaScript.
   */
  readonly travel: 'unnest' | 'json';
  /** `unnest`: the element type. `json`: the cast of the text as it is selected ('' keeps text). */
  readonly type: string;
  /** The column's parameter: its value from every row. */
  readonly parameterOf: (rows: readonly R[]) => unknown;
}

/** A table's columns, by name. */
export type Columns<R> = Record<string, Column<R>>;

const unnested =
  (type: string) =>
  <R>(of: (row: R) => unknown): Column<R> => ({ travel: 'unnest', type, parameterOf: (rows) => rows.map(of) });

/** A nullable JSON value written as its JSON text: null is SQL NULL, never the JSON `null`. */
const jsonTextOrNull =
  (type: string) =>
  <R>(of: (row: R) => unknown): Column<R> => ({
    travel: 'json',
    type,
    parameterOf: (rows) =>
      JSON.stringify(
        rows.map((row) => {
          const value = of(row);
          return value === null ? null : JSON.stringify(value);
        }),
      ),
  });

export const column = {
  uuid: unnested('uuid') as <R>(of: (row: R) => string | null) => Column<R>,
  text: unnested('text') as <R>(of: (row: R) => string | null) => Column<R>,
  bigint: unnested('bigint') as <R>(of: (row: R) => number | null) => Column<R>,
  bool: unnested('bool') as <R>(of: (row: R) => boolean) => Column<R>,
  timestamptz: unnested('timestamptz') as <R>(of: (row: R) => Date | null) => Column<R>,
  /** A nullable jsonb column: null is SQL NULL. */
  jsonbOrNull: jsonTextOrNull('jsonb'),
};

/** The rows of one table as a FROM item yields them. */
export interface RowSource {
  /** `ROWS FROM (…) AS alias(names)`. */
  from: string;
  /** The column names, in the order of `from`: an INSERT's column list. */
  names: string;
  /** The same names with their casts: the select list that fills those columns. */
  select: string;
}

/** The parameters of one statement over an input `I` (a batch): each numbered once, in the order declared. */
export class StatementParameters<I> {
  private readonly parameters: Array<(input: I) => unknown> = [];

  /** A parameter holding one value, as `$n::type` (it may be used more than once in the text). */
  value(type: string, of: (input: I) => unknown): string {
    this.parameters.push(of);
    return `$${this.parameters.length}::${type}`;
  }

  /** The rows of one table, a parameter per column, yielded under `alias` with the columns' names. */
  rows<R>(alias: string, columns: Columns<R>, rowsOf: (input: I) => readonly R[]): RowSource {
    const entries = Object.entries(columns);
    const functions = entries.map(([, c]) => {
      const placeholder = this.value(c.travel === 'unnest' ? `${c.type}[]` : 'json', (input) => c.parameterOf(rowsOf(input)));
      return c.travel === 'unnest' ? `unnest(${placeholder})` : `json_array_elements_text(${placeholder})`;
    });
    const names = entries.map(([name]) => name).join(', ');
    return {
      from: `ROWS FROM (${functions.join(', ')}) AS ${alias}(${names})`,
      names,
      select: entries.map(([name, c]) => (c.travel === 'json' && c.type ? `${name}::${c.type}` : name)).join(', '),
    };
  }

  /** The values of every parameter for one input, in their numbers' order. */
  valuesOf(input: I): unknown[] {
    return this.parameters.map((of) => of(input));
  }
}
