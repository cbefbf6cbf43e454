import { compileContracts } from '../../contracts/compile';

// Contract tests run against the real compiled bytecode: regenerate it first when the sources changed.
export default async function setup(): Promise<void> {
  await compileContracts({ log: (line) => console.log(`[contracts] ${line}`) });
}
