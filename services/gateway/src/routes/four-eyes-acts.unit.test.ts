import { approvalActs, fourEyesActs, type FourEyesAct } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import type { App } from '@coin/http';
import { documentedApp } from '../testing';
import { requestOfAct } from './four-eyes/approvals';
import { fourEyesRoutes } from './four-eyes';
import { fourEyesParts } from './four-eyes/table';

type Json = Record<string, any>;

/**
 * The four-eyes acts table (libs/contracts four-eyes-acts.ts) against the OpenAPI document the
 * gateway serves: every operation a row names is there, under the row's path (a list under its listPath where it names one), with tags of the
 * row's, and a decision answers with the row's result schema.
 */
describe('the four-eyes acts table and the OpenAPI document', () => {
  let app: App;
  let operations: Map<string, { path: string; method: string; operation: Json }>;
  beforeAll(async () => {
    app = await documentedApp();
    const doc = app.swagger() as unknown as Json;
    operations = new Map(
      Object.entries(doc.paths as Json).flatMap(([path, item]) =>
        Object.entries(item as Json).map(([method, operation]) => [(operation as Json).operationId as string, { path, method, operation }]),
      ),
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  const acts = Object.entries(fourEyesActs) as Array<[FourEyesAct, (typeof fourEyesActs)[FourEyesAct]]>;

  it.each(acts)('when the act %s is read, then each operation it names is documented under its path with its tags', (_act, row) => {
    const named = Object.entries(row.operations as Record<string, string | null>).filter(
      (entry): entry is [string, string] => entry[1] !== null,
    );
    for (const [kind, operationId] of named) {
      const found = operations.get(operationId);
      expect({ operationId, found: found !== undefined }).toEqual({ operationId, found: true });
      const under = kind === 'list' && 'listPath' in row ? row.listPath : row.path;
      expect({ operationId, path: found?.path.startsWith(under) }).toEqual({ operationId, path: true });
      expect(found?.method).toBe(kind === 'list' || kind === 'read' ? 'get' : operationId === 'putMonitoringRule' ? 'put' : 'post');
      for (const tag of found?.operation.tags ?? []) expect(row.tags).toContain(tag);
    }
  });

  it.each(acts.filter(([, row]) => row.rejectExample !== null))(
    'when the act %s is rejected, then the documented body example is the row’s',
    (_act, row) => {
      const reject = operations.get(row.operations.reject ?? '');
      const media = reject?.operation.requestBody?.content?.['application/json'];
      expect(media?.schema?.examples ?? (media?.example ? [media.example] : [])).toContainEqual(row.rejectExample);
    },
  );

  it.each(acts)(
    'when the act %s is decided on a drawn route, then the route admits only its deciders, with a fresh second factor and an Idempotency-Key',
    (act, row) => {
      const decisions: (string | null)[] = [row.operations.approve, row.operations.reject];
      const drawn = fourEyesRoutes.filter((r) => decisions.includes(r.schema?.operationId as string));
      // A rule's change and a case's resolution are approved by sending the same change on their own routes (monitoring.ts): of
      // their decisions only the rejection is drawn; every other act's decisions are.
      const drawnDecisions = fourEyesParts[act].drawn === undefined ? [row.operations.reject] : decisions;
      expect(drawn.map((r) => r.schema?.operationId).sort()).toEqual(drawnDecisions.filter((id) => id !== null).sort());
      for (const r of drawn)
        expect(r.config).toEqual({ access: row.deciders === 'SUPERADMIN' ? 'superadmin' : 'admin', idempotent: true, stepUp: true });
    },
  );
});

/**
 * The ledger's approval acts are told apart by their row's request schema, not by a member looked
 * for on each route: a request of one act answered on another act's routes is refused as a broken
 * invariant, never shown as that act's.
 */
describe('the request an approval act shows', () => {
  /** Each act's request as its rejection's example shows it. */
  const requestOf = (act: (typeof approvalActs)[number]) =>
    (fourEyesParts[act].drawn?.reject?.example as { approval: object } | undefined)?.approval;
  const pairs = approvalActs.flatMap((act) => approvalActs.map((other) => [act, other] as const));

  it.each(pairs)(
    'when the ledger answers a route of %s with a request of %s, then it is shown only if they are the same act',
    (act, other) => {
      const shown = requestOf(other);
      expect(shown).toBeDefined();
      if (act === other) expect(requestOfAct(act, shown)).toEqual(shown);
      else expect(() => requestOfAct(act, shown)).toThrow(InvariantViolation);
    },
  );
});
