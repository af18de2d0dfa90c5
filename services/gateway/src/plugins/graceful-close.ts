import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * A graceful close after an answer given before the request's body was read (RFC 9112 §9.6): a
 * body over the size limit (413), or one its parser refused, is answered at once with
 * `Connection: close` (fastify sets it: the client is sending a body the server will not parse).
 * Node then ends the socket and destroys it as soon as the answer is written; whatever part of
 * the body has reached the kernel unread makes the close a reset (TCP answers data nobody will
 * read with RST), and a reset can destroy the answer before the client reads it: a client that
 * sends headers and body in one write, as Node's own does, saw ECONNRESET instead of the 413,
 * most often behind a forwarder (a load balancer, an ingress, a container port).
 *
 * So such a socket lingers: the answer and a FIN go out (a half-close), then what the client
 * still sends is read and dropped, until the client closes its side, `bytesMax` more bytes have
 * come or `ms` have passed, and only then is the socket destroyed. The HTTP parser no longer
 * reads it, so nothing sent after the answer is taken as a request. The bounds keep a client from
 * holding a socket open or making the gateway read without end: past them it gets the reset it
 * would have got before, after its answer had time to arrive.
 */
export interface LingerLimits {
  /** The most bytes read and dropped after the answer. */
  bytesMax: number;
  /** The longest a socket lingers after the answer. */
  ms: number;
}

/** The gateway config's defaults (GATEWAY_LINGER_*), for apps built without them (component tests). */
export const lingerDefaults: LingerLimits = { bytesMax: 4 * 1024 * 1024, ms: 5000 };

const lingering = Symbol('coin.lingering');

/** Makes the socket's next `destroySoon` (Node's close after a `Connection: close` answer) a lingering close. */
export function lingerOnClose(socket: Socket, limits: LingerLimits): void {
  const marked = socket as Socket & { [lingering]?: true };
  if (marked[lingering]) return;
  marked[lingering] = true;
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.destroyed) return;
    // The HTTP server's parser (the only 'data' listener, or none while it reads the handle
    // itself): removed, and adding ours below hands the reading back to the stream.
    this.removeAllListeners('data');
    let read = 0;
    const close = () => {
      clearTimeout(timer);
      this.destroy();
    };
    const timer = setTimeout(close, limits.ms);
    timer.unref();
    this.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > limits.bytesMax) close();
    });
    this.once('end', close);
    this.once('close', () => clearTimeout(timer));
    this.resume();
    this.end();
  };
}

/**
 * Hooks the lingering close onto every answer that closes the connection before the request's
 * body was read to its end.
 */
export function registerGracefulClose(app: FastifyInstance, limits: LingerLimits): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const connection = reply.getHeader('connection');
    if (typeof connection === 'string' && connection.toLowerCase() === 'close' && !request.raw.complete) {
      lingerOnClose(request.raw.socket, limits);
    }
    return payload;
  });
}
