// The content pages' flow (the editorial pages), provided once: the policies page loads its text file by path.
import { fromPromise } from 'xstate';
import { policyPageMachine } from '../../../machines/content/policyPageMachine';
import { fetchPolicyText } from '../content/policies';

/** /tos and /community-guidelines: the text file of the route's policy. */
export const policyPageFlow = policyPageMachine.provide({
  actors: { fetchPolicyText: fromPromise(({ input, signal }) => fetchPolicyText(input.path, signal)) },
});
