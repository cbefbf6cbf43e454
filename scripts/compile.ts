import { compileContracts } from '../contracts/compile';

// `npm run compile [-- --force]`: regenerate contracts/generated when the Solidity sources changed.
const result = await compileContracts({ force: process.argv.includes('--force'), log: (line) => console.log(line) });
console.log(result.compiled ? `contracts compiled (${result.sourceHash.slice(0, 12)})` : 'contracts up to date');
