import { configure } from '@testing-library/react';

// findBy* and waitFor wait on a condition and return as soon as it holds: their limit is a safety
// net, not a speed target. Testing Library's 1 s default failed a screen on a loaded gate (the
// mandates table rendered later than that beside the e2e tier's stacks), and passed alone 3/3.
configure({ asyncUtilTimeout: 5_000 });
