import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CommandBus } from '../../clients/commands';
import type { InternalApi } from '../../clients/internal-api';
import type { ApiKeyVerifier } from '../../plugins/api-key';
import type { TokenVersionStore } from '../../plugins/token-version';
import type { RouteDef } from '../route-def';

/**
 * What an act's part is made of (docs/DESIGN.md "Two-person acts"): the types every act's module
 * writes its part in, and the table (table.ts) and the drawing (../four-eyes.ts) read. It imports
 * no part, so a part's module and the table import it without a circle.
 */

export interface FourEyesRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
  tokenVersions: TokenVersionStore;
  apiKeys: ApiKeyVerifier;
}

/**
 * What an act's routes do, whichever service keeps it: the row says where, by whom and with what
 * schemas; the part gives the words, the id's and rejection's schemas, the examples and the handlers.
 */
export interface ActPart {
  /**
   * The routes that ask for a request of the act, where they are its own (drawn before its list):
   * an act whose request is asked for elsewhere (a payout, a role change) names none.
   */
  asks?: readonly RouteDef<FourEyesRouteDeps>[];
  summaries: { list?: string; read?: string; approve: string; reject?: string };
  /**
   * The approval's URL where it is not `<path>/:id/approve`: an act whose request is its subject's
   * own (an unfreeze is the wallet's) is approved at the URL it had before the table.
   */
  approveUrl?: string;
  /** The rejection's URL where it is not `<path>/:id/reject` (an unfreeze's, beside its approval's). */
  rejectUrl?: string;
  /** The list's URL where it is not the row's path (a rule's freeze lifts are listed under the rules). */
  listUrl?: string;
  /** A route's tags where they are not the row's. */
  tags?: { list?: readonly string[]; read?: readonly string[]; reject?: readonly string[] };
  params: z.ZodType;
  /** A rejection's body (null: it takes none, as its row's rejectExample says). */
  rejectBody: z.ZodType | null;
  list?: {
    /** Its query (none: it takes none). */
    query?: z.ZodType;
    answer: z.ZodType;
    example: object;
    /** Its error answers where they are not the reads' usual ones. */
    errors?: object;
    handler(deps: FourEyesRouteDeps, request: FastifyRequest): Promise<object>;
  };
  read?: { example: object; handler(deps: FourEyesRouteDeps, request: FastifyRequest, id: string): Promise<object> };
  approve: {
    status: 200 | 201;
    example: object;
    handler(deps: FourEyesRouteDeps, request: FastifyRequest, reply: FastifyReply, id: string): Promise<object>;
  };
  /** None where the row names no rejection (a request then waits for its approval or lapses). */
  reject?: {
    result: z.ZodType;
    example: object;
    /** `reason` is the body's; a rejection that takes no body is handed ''. */
    handler(deps: FourEyesRouteDeps, request: FastifyRequest, reply: FastifyReply, id: string, reason: string): Promise<object>;
  };
}

/** What an act's rejection needs of its part. */
export type RejectPart = Pick<ActPart, 'tags' | 'params' | 'rejectUrl' | 'rejectBody' | 'reject'> & { summaries: { reject?: string } };

/**
 * What an act's list and read need of its part (an act whose approval is its own route's gives
 * only these), and its rejection where its row names one (a monitoring proposal's).
 */
export type ListPart = Pick<ActPart, 'tags' | 'list' | 'read'> & {
  summaries: { list?: string; read?: string; reject?: string };
  /**
   * The list's URL where it is not the row's path: a monitoring act's path lists the rules or the
   * cases themselves, so its proposals are listed under it.
   */
  listUrl?: string;
  params?: z.ZodType;
  rejection?: Omit<RejectPart, 'summaries' | 'tags'>;
};

/**
 * An act's entry in the parts table: `drawn`, its list, read, approve and reject are drawn from its
 * row and part; `listed`, its list, read and reject are (a monitoring rule's change or case's
 * resolution, whose second ADMIN+ approves by sending the same change on its own route: that
 * route is the act's own step, not a decision route of its own).
 */
export type FourEyesPart = { drawn: ActPart; listed?: never } | { listed: ListPart; drawn?: never };
