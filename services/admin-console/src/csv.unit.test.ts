import { csvCell, csvHref, csvOf, flatCells } from './csv';

describe('console CSV (RFC 4180, formula-safe)', () => {
  it('when a text cell starts like a formula (= + - @ tab CR), then it gets a leading apostrophe; numbers are never escaped', () => {
    expect(['=SUM(A1)', '+1', '-2', '@cmd', '\tx', '\rx'].map(csvCell)).toEqual(["'=SUM(A1)", "'+1", "'-2", "'@cmd", "'\tx", `"'\rx"`]);
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('when a cell holds a comma, quote or line break, then it is quoted with its quotes doubled; null and undefined are empty', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x"),1')).toBe(`"'=HYPERLINK(""x""),1"`);
    expect([null, undefined, true, false].map(csvCell)).toEqual(['', '', 'true', 'false']);
  });

  it('when an amount is a number of coins, then it is the decimal of its JSON, never a float artefact', () => {
    const amounts = JSON.parse('[0.1, 0.3, 12.5, 1000000000, 0.07, 19.99]') as number[];
    expect(amounts.map(csvCell)).toEqual(['0.1', '0.3', '12.5', '1000000000', '0.07', '19.99']);
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('when items nest objects, then their fields are dotted columns; lists and free-form objects are compact JSON', () => {
    const cells = flatCells({
      id: 1,
      command: { type: 'MINT', amount: 5 },
      metadata: { order: 'A,1' },
      rules: ['a', 'b'],
      decidedBy: null,
    });
    expect([...cells]).toEqual([
      ['id', 1],
      ['command.type', 'MINT'],
      ['command.amount', 5],
      ['metadata', '{"order":"A,1"}'],
      ['rules', '["a","b"]'],
      ['decidedBy', null],
    ]);
  });

  it('when a field is named __proto__, then it is a column like any other and reaches no prototype', () => {
    const item = JSON.parse('{"__proto__": {"polluted": "yes"}, "id": 2}') as object;
    expect(csvOf([item])).toBe('__proto__.polluted,id\r\nyes,2\r\n');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('when items differ in fields, then the header has every field in first-seen order and a missing one is empty; given columns win', () => {
    const text = csvOf([
      { a: 1, b: 'x' },
      { a: 2, c: '=1+1' },
    ]);
    expect(text).toBe("a,b,c\r\n1,x,\r\n2,,'=1+1\r\n");
    expect(csvOf([{ a: 1, b: 2 }], ['b', 'a'])).toBe('b,a\r\n2,1\r\n');
  });

  it('when a file is made a link address, then it is a CSV data address whose decoded text is the file', () => {
    const text = csvOf([{ reason: 'caf\u00e9 & co #1' }]);
    expect(decodeURIComponent(csvHref(text).replace('data:text/csv;charset=utf-8,', ''))).toBe(text);
  });
});
