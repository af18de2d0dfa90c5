import { csvCell, type TransactionRow } from '@coin/contracts';
import { statementCsvHeader, statementCsvRow, statementLineView, withRunningBalance, type DeltaRow } from './statement';

const row = (id: number, delta: number, extra: Partial<TransactionRow> = {}): DeltaRow => ({
  id,
  type: delta > 0 ? 'MINT' : 'BURN',
  amount: Math.abs(delta),
  from_user_id: delta > 0 ? null : 7,
  to_user_id: delta > 0 ? 7 : null,
  from_treasury: null,
  to_treasury: null,
  reason: 'r',
  reference: null,
  refund_of: null,
  created_at: new Date(Date.UTC(2026, 9, 31, 23, 59, id)),
  delta,
  ...extra,
});

describe('statement running balance', () => {
  it('when lines follow an opening balance, then each line carries the balance after it and the last one is opening + Σ changes', () => {
    const lines = withRunningBalance(10_000, [row(1, 2_550), row(2, -1_001), row(3, 1)]);
    expect(lines.map((l) => l.runningBalance)).toEqual([12_550, 11_549, 11_550]);
    expect(lines.map(statementLineView).map((l) => [l.change, l.runningBalance])).toEqual([
      [25.5, 125.5],
      [-10.01, 115.49],
      [0.01, 115.5],
    ]);
  });

  it('when there are no lines, then there is nothing to carry', () => {
    expect(withRunningBalance(5, [])).toEqual([]);
  });
});

describe('statement CSV', () => {
  it('when a reason starts like a spreadsheet formula, then the cell is made text with a leading apostrophe', () => {
    for (const hostile of ['=cmd|/C calc!A0', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(csvCell(hostile).replace(/^"/, '').startsWith("'")).toBe(true);
    }
    expect(csvCell('plain reason')).toBe('plain reason');
    expect(csvCell(null)).toBe('');
  });

  it('when text holds quotes, commas or line breaks, then it is quoted by RFC 4180 with quotes doubled', () => {
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });

  it('when a line is written, then its cells are the columns of the header, negative changes stay numbers', () => {
    const [line] = withRunningBalance(5_000, [row(4, -3_000, { reason: '=cmd|x', reference: 'order,42', from_treasury: null })]);
    const text = statementCsvRow(line!);
    expect(statementCsvHeader).toBe(
      'createdAt,transactionId,type,change,runningBalance,fromUserId,toUserId,fromTreasury,toTreasury,reason,reference,refundOf,metadata,splitOf\r\n',
    );
    expect(text).toBe(`2026-10-31T23:59:04.000Z,4,BURN,-30,20,7,,,,'=cmd|x,"order,42",,,\r\n`);
  });
  it('when a line carries metadata, then its metadata cell (before splitOf) is the metadata as compact JSON, quoted by RFC 4180', () => {
    const [line] = withRunningBalance(0, [row(5, 100, { metadata: { order: 'A,1', note: 'say "hi"' } })]);
    expect(statementCsvRow(line!).endsWith(String.raw`,"{""order"":""A,1"",""note"":""say \""hi\""""}",` + '\r\n')).toBe(true);
  });
});
