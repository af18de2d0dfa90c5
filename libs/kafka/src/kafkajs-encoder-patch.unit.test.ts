/**
 * patches/kafkajs+2.2.4.patch (applied by patch-package in postinstall): kafkajs's protocol
 * encoder takes its buffers from Node's pool instead of a zero-filled allocation each.
 */
describe('kafkajs encoder patch', () => {
  const Encoder = require('kafkajs/src/protocol/encoder') as new (
    initialSize?: number,
  ) => {
    buf: Buffer;
    buffer: Buffer;
    writeVarIntString(value: string): unknown;
    writeVarIntBytes(value: string | Buffer): unknown;
  };

  it('when an encoder starts, then its buffer is a slice of the shared pool, not an allocation of its own', () => {
    const encoder = new Encoder();
    expect(encoder.buf.length).toBe(512);
    // Buffer.alloc(512) owns a 512-byte ArrayBuffer; Buffer.allocUnsafe(512) is a view into the pool.
    expect(encoder.buf.buffer.byteLength).toBe(Buffer.poolSize);
  });

  it('when a header is encoded on a reused pool slab, then only the written bytes come out, in Kafka varint framing', () => {
    // Dirty the pool so stale bytes would show if an encoder exposed unwritten memory.
    for (let i = 0; i < 64; i++) Buffer.allocUnsafe(512).fill(0xab);
    const encoder = new Encoder();
    encoder.writeVarIntString('type');
    encoder.writeVarIntBytes('ledger.transfer');
    // zig-zag varint lengths: 4 → 8, 15 → 30.
    expect([...encoder.buffer]).toEqual([8, ...Buffer.from('type'), 30, ...Buffer.from('ledger.transfer')]);
  });
});
