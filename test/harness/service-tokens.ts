import { type ServiceName, ServiceTokenSigner } from '@coin/http';

/**
 * What a test sends to a service's internal API in place of the real caller: the `authorization`
 * header of a service token signed with the caller's key from the stack's environment (the
 * gateway's by default), exactly as that caller would (docs/DESIGN.md "Internal HTTP credentials").
 */
export function callerSigner(env: Record<string, string | undefined>, caller: ServiceName = 'gateway'): ServiceTokenSigner {
  const key = env.SERVICE_TOKEN_PRIVATE_KEY;
  if (!key) throw new Error(`no SERVICE_TOKEN_PRIVATE_KEY in the ${caller} environment`);
  return new ServiceTokenSigner(caller, key);
}

/** `{ authorization: 'Bearer …' }` for a call from `signer`'s service to `audience`. */
export async function internalHeaders(signer: ServiceTokenSigner, audience: ServiceName): Promise<Record<string, string>> {
  return { authorization: await signer.authorizationFor(audience)() };
}
