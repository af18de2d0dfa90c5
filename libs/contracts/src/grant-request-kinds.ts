import { z } from 'zod';
import { fourEyesActs, type FourEyesAct } from './four-eyes-acts';
import { grantRequest } from './user';

/**
 * The user service keeps several four-eyes acts as grant requests, each decided by
 * `user.approve-grant` and `user.reject-grant` (a role grant, a key or a client; a verification; a
 * callback secret; a reward cap change). Which act a stored request is follows from its act's
 * `type`, read here from the acts' rows (their `request` schemas' `act`), so no list of the kinds
 * is kept anywhere else: the gateway's routes and the user service both ask `grantRequestActOf`.
 */

/** The acts kept as grant requests: the rows decided by `user.approve-grant`. */
export type GrantRequestAct = {
  [A in FourEyesAct]: (typeof fourEyesActs)[A]['approve'] extends 'user.approve-grant' ? A : never;
}[FourEyesAct];

/** The `type` literals of an act schema: a discriminated union's options' or one object's. */
function typesOf(act: z.ZodType): string[] {
  const options = act instanceof z.ZodDiscriminatedUnion ? (act.options as z.ZodType[]) : [act];
  return options.flatMap((option) => {
    const type = (option as z.ZodObject<{ type: z.ZodLiteral<string> }>).shape.type;
    return [...type.values];
  });
}

/** The acts kept as grant requests, in the table's order. */
const grantRequestActs = (Object.keys(fourEyesActs) as FourEyesAct[]).filter(
  (act): act is GrantRequestAct => fourEyesActs[act].approve === 'user.approve-grant',
);

/** The schema of the act a request of the row `act` holds. */
const actSchemaOf = (act: GrantRequestAct) => (fourEyesActs[act].request as unknown as z.ZodObject<{ act: z.ZodType }>).shape.act;

const actOfType: ReadonlyMap<string, GrantRequestAct> = new Map(
  grantRequestActs.flatMap((act) => typesOf(actSchemaOf(act)).map((type) => [type, act] as const)),
);

/** Every grant request as the user service stores and answers it (internal): a request of any of those acts. */
export type AnyGrantRequest = Omit<z.infer<typeof grantRequest>, 'act'> & {
  act: { [A in GrantRequestAct]: z.infer<(typeof fourEyesActs)[A]['request']>['act'] }[GrantRequestAct];
};
/**
 * Its schema: a grant request whose act is any of the rows' acts (their request schemas' `act`:
 * each option of a union, or the one object), so a new act kept as a grant request is a row only.
 * The API shows each kind on its own routes (grant-requests, verification-requests, …).
 */
export const anyGrantRequest = grantRequest.extend({
  act: z.discriminatedUnion(
    'type',
    grantRequestActs.flatMap((act) => {
      const schema = actSchemaOf(act);
      return schema instanceof z.ZodDiscriminatedUnion ? (schema.options as z.ZodObject[]) : [schema as z.ZodObject];
    }) as [z.ZodObject, ...z.ZodObject[]],
  ),
}) as unknown as z.ZodType<AnyGrantRequest>;
export const anyGrantRequestList = z.object({ grantRequests: z.array(anyGrantRequest) });

/** The acts' grant request types, each the one act whose row's request schema names it. */
export const grantRequestTypes: readonly string[] = [...actOfType.keys()];

/** The four-eyes act a grant request of this act `type` is (a type no row names is a bug). */
export function grantRequestActOf(type: string): GrantRequestAct {
  const act = actOfType.get(type);
  if (act === undefined) throw new RangeError(`no four-eyes act keeps grant requests of type ${type}`);
  return act;
}
