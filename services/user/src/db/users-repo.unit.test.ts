import { escapeLikePattern } from './users-repo';

describe('user search', () => {
  it('when a search term holds LIKE metacharacters, then they are escaped to match literally', () => {
    expect(escapeLikePattern('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(escapeLikePattern('plain')).toBe('plain');
  });
});
