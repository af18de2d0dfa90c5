import { csvCell, csvRows, reconciliationColumns, reconciliationCsv } from './csv';

describe('the one CSV writer (csv-stringify, RFC 4180, formula-safe)', () => {
  it('when a text cell starts like a formula (= + - @ tab CR, or a full-width = + - @), then it gets a leading apostrophe; numbers never do', () => {
    expect(['=SUM(A1)', '+1', '-2', '@cmd', '\tx', '\uFF1D1+1', '\uFF20x'].map(csvCell)).toEqual([
      "'=SUM(A1)",
      "'+1",
      "'-2",
      "'@cmd",
      "'\tx",
      "'\uFF1D1+1",
      "'\uFF20x",
    ]);
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect([csvCell(-12.5), csvCell(-0.01), csvCell('a=b'), csvCell('plain')]).toEqual(['-12.5', '-0.01', 'a=b', 'plain']);
  });

  it('when a cell holds a comma, a quote or any line break, then it is quoted with its quotes doubled', () => {
    expect(['a,b', 'say "hi"', 'two\nlines', 'two\rlines', 'one\r\ntwo'].map(csvCell)).toEqual([
      '"a,b"',
      '"say ""hi"""',
      '"two\nlines"',
      '"two\rlines"',
      '"one\r\ntwo"',
    ]);
    expect(csvCell('=HYPERLINK("x"),1')).toBe(`"'=HYPERLINK(""x""),1"`);
  });

  it('when cells are empty, numbers or booleans, then null and undefined are empty, numbers their JSON decimal (non-finite empty), booleans true/false', () => {
    expect([null, undefined, '', true, false].map(csvCell)).toEqual(['', '', '', 'true', 'false']);
    const amounts = JSON.parse('[0.1, 0.3, 12.5, 1000000000, 0.07, 19.99]') as number[];
    expect(amounts.map(csvCell)).toEqual(['0.1', '0.3', '12.5', '1000000000', '0.07', '19.99']);
    expect([Number.NaN, Number.POSITIVE_INFINITY].map(csvCell)).toEqual(['', '']);
  });

  it('when rows are written, then each ends in CRLF, the last one too; no rows is no text', () => {
    expect(
      csvRows([
        ['a', 'b'],
        [1, null],
      ]),
    ).toBe('a,b\r\n1,\r\n');
    expect(csvRows([])).toBe('');
  });
});

describe('the cash-out reconciliation as CSV', () => {
  const line = {
    day: '2026-11-23',
    providerClientId: 'pc_momo' as string | null,
    requested: 3,
    requestedXaf: 19650,
    confirmed: 2,
    confirmedCoins: 20,
    confirmedXaf: 13100,
    failed: 0,
    expired: 1,
    released: 0,
    pending: 0,
    claimed: 0,
    overdue: 0,
    frozen: 0,
  };

  it('when a report is written, then a header of the line fields, then a row per provider and day; no provider is an empty cell', () => {
    expect(reconciliationCsv({ lines: [line, { ...line, providerClientId: null, day: '2026-11-24' }] })).toBe(
      `${reconciliationColumns.join(',')}\r\n2026-11-23,pc_momo,3,19650,2,20,13100,0,1,0,0,0,0,0\r\n2026-11-24,,3,19650,2,20,13100,0,1,0,0,0,0,0\r\n`,
    );
  });

  it('when a provider id would be a spreadsheet formula or break the row, then its cell is defused and quoted, as the console has it', () => {
    const csv = reconciliationCsv({ lines: [{ ...line, providerClientId: '=HYPERLINK("x"),1' }] });
    expect(csv.split('\r\n')[1]).toBe(`2026-11-23,"'=HYPERLINK(""x""),1",3,19650,2,20,13100,0,1,0,0,0,0,0`);
  });
});
