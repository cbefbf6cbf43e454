// The contractAction child a trading flow invokes, declared without importing the contractAction machine: flows whose
// page loads it with the first trade (the token page's sale and offer flows) provide it from src/services, so the
// machine that decides what the page shows is in the page's first load and the contract action is not. Typed as the
// machine it stands for (its tags, context and output are what the views read); running it unprovided fails loudly.
import { notProvided } from '../system/notProvided';
import type { ContractActionMachine } from './contractActionMachine';

export type { ContractActionInput } from './contractActionMachine';

export function notProvidedContractAction(machineId: string): ContractActionMachine {
  return notProvided(machineId, 'contractAction') as unknown as ContractActionMachine;
}
