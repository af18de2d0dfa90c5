import { z } from 'zod';
import { fourEyesActs, type FourEyesAct } from './four-eyes-acts';

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

const actOfType: ReadonlyMap<string, GrantRequestAct> = new Map(
  (Object.keys(fourEyesActs) as FourEyesAct[])
    .filter((act): act is GrantRequestAct => fourEyesActs[act].approve === 'user.approve-grant')
    .flatMap((act) => {
      const request = fourEyesActs[act].request as unknown as z.ZodObject<{ act: z.ZodType }>;
      return typesOf(request.shape.act).map((type) => [type, act] as const);
    }),
);

/** The acts' grant request types, each the one act whose row's request schema names it. */
export const grantRequestTypes: readonly string[] = [...actOfType.keys()];

/** The four-eyes act a grant request of this act `type` is (a type no row names is a bug). */
export function grantRequestActOf(type: string): GrantRequestAct {
  const act = actOfType.get(type);
  if (act === undefined) throw new RangeError(`no four-eyes act keeps grant requests of type ${type}`);
  return act;
}
