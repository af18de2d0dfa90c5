import { fourEyesActs, type FourEyesAct } from '@coin/contracts';
import { committedDocument, idempotentOperationIds, type OpenApiDocument, schemathesisConfig } from './schemathesis';

/**
 * The operations Schemathesis expects a reused Idempotency-Key's 422 of are read from the API
 * document (the operations with an Idempotency-Key header and no expectation of their own), so a
 * new act's operations need no line in the contract run's configuration.
 */

const document = committedDocument();

/** The Idempotency-Key group of a configuration: the operation ids of its `[[operations]]` block that names `operationId`. */
function groupOf(config: string, operationId: string): string[] {
  const line = config.split('\n').find((text) => text.startsWith('include-operation-id = [') && text.includes(`"${operationId}"`));
  return line ? (JSON.parse(line.slice('include-operation-id = '.length)) as string[]) : [];
}

const identities = { userToken: 'u', superadminToken: 's', apiKey: { key: 'k', id: 'i' }, logoutAllToken: 'l', protectedUserIds: [1] };
const config = schemathesisConfig({ gatewayUrl: 'http://127.0.0.1:1', identities, maxExamples: 1, maxTimeS: 1, seed: 1 });

describe('the contract run’s Idempotency-Key group', () => {
  it('when the document is the committed one, then the group is the operations the run expected a reused key’s 422 of before, and those that take a key and had no expectation', () => {
    expect(groupOf(config, 'requestRewardCapChange').sort()).toEqual(
      [
        'createPlatformClient',
        'createTestClient',
        'createOwnTestClient',
        'createWebhookEndpoint',
        'createClientWebhookEndpoint',
        'createBalanceMonitor',
        'freezeUserWallet',
        'requestUnfreeze',
        'approveUnfreeze',
        'cancelMandate',
        'fundSandboxTreasury',
        'advanceSandboxClock',
        'createSandboxHold',
        'createSandboxMandate',
        'createSandboxCashout',
        'setSandboxCommissionRule',
        'createSandboxPurchase',
        'refundSandboxPurchase',
        'createSandboxTestUser',
        'approvePayoutRequest',
        'rejectPayoutRequest',
        'createCashout',
        'requestCashoutReversal',
        'approveCashoutReversal',
        'rejectCashoutReversal',
        'cancelMyMandate',
        'cancelClientMandate',
        'requestCallbackSecret',
        'approveCallbackSecretRequest',
        'rejectCallbackSecretRequest',
        'requestRewardCapChange',
        'approveRewardCapRequest',
        'rejectRewardCapRequest',
        'rejectRuleFreezeLift',
        'rejectUnfreeze',
        'approveDeletionRequest',
        'rejectDeletionRequest',
        'rejectMonitoringCaseProposal',
        'rejectMonitoringRuleProposal',
        'requestUserVerification',
        'approveVerificationRequest',
        'rejectVerificationRequest',
        'setCommissionRule',
        'approveCommissionChange',
        'rejectCommissionChange',
        // They take an Idempotency-Key too, and were named nowhere: a reused key is 422 for them as for every other.
        'captureHolds',
        'voidHolds',
        'approveRuleFreezeLift',
        'createClientBalanceMonitor',
        'recoverWebhookEndpoint',
        'recoverClientWebhookEndpoint',
      ].sort(),
    );
  });

  it('when a four-eyes act’s decision takes an Idempotency-Key, then the run expects a reused key’s 422 of it, in this group or a block of its own', () => {
    const withKey = new Set(idempotentOperationIds(document, new Set()));
    const decisions = (Object.keys(fourEyesActs) as FourEyesAct[]).flatMap((act) => {
      const { approve, reject } = fourEyesActs[act].operations;
      const ids: Array<string | null> = [approve, reject];
      return ids.filter((id): id is string => id !== null && withKey.has(id));
    });
    const named = config
      .split('\n')
      .filter((text) => text.startsWith('include-operation-id = '))
      .flatMap((text) => {
        const ids: unknown = JSON.parse(text.slice('include-operation-id = '.length));
        return Array.isArray(ids) ? (ids as string[]) : [ids as string];
      });
    expect(decisions.length).toBeGreaterThan(0);
    expect(decisions.filter((id) => !named.includes(id))).toEqual([]);
  });

  it('when a new act adds an operation that takes an Idempotency-Key, then it joins the group with no line of its own', () => {
    const asked = structuredClone(document) as OpenApiDocument;
    asked.paths['/api/admin/new-acts/{id}/approve'] = {
      post: { operationId: 'approveNewAct', parameters: [{ in: 'header', name: 'idempotency-key' }] },
    };
    expect(idempotentOperationIds(asked, new Set())).toContain('approveNewAct');
    expect(idempotentOperationIds(document, new Set())).not.toContain('approveNewAct');
  });
});
