// A machine's promise actor that its flow module provides (src/services/flows): declared in the machine with its
// types, and failing loudly, naming both, when a flow runs without it.
import { fromPromise, type PromiseActorLogic } from 'xstate';

export function notProvided<TOutput = never, TInput = unknown>(machine: string, actor: string): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${machine}: actor "${actor}" not provided (src/services/flows)`);
  });
}
