import { approvalIdParam, apiKeyIdParams, deletionRequestIdParam, holdIdParam, uuidInput } from './index';

describe('UUIDs a caller gives are case-insensitive (RFC 9562) and normalised to lower case', () => {
  const lower = 'f47ac10b-58cc-4372-a567-0e02b2c3d479';
  it.each([lower, lower.toUpperCase(), 'F47ac10B-58Cc-4372-A567-0E02b2c3D479'])(
    'when %s is given, then it is the lower-case id',
    (given) => {
      expect(uuidInput.parse(given)).toBe(lower);
      for (const params of [holdIdParam, approvalIdParam, deletionRequestIdParam, apiKeyIdParams])
        expect(params.parse({ id: given })).toEqual({ id: lower });
    },
  );

  it.each(['f47ac10b58cc4372a5670e02b2c3d479', '{f47ac10b-58cc-4372-a567-0e02b2c3d479}', 'g47ac10b-58cc-4372-a567-0e02b2c3d479', ''])(
    'when %s is given, then it is refused',
    (given) => {
      expect(uuidInput.safeParse(given).success).toBe(false);
    },
  );
});
