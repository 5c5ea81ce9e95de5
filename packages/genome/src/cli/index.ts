import { GenomeError } from '../types.ts';

/** Each subcommand lives in its own module exporting `run(args)`, loaded only when asked for. */
const COMMANDS: Record<string, () => Promise<{ run(args: string[]): Promise<number> }>> = {
  inspect: () => import('./inspect.ts'),
  genotype: () => import('./genotype.ts'),
  report: () => import('./report.ts'),
  ancestry: () => import('./ancestry.ts'),
  match: () => import('./match.ts'),
  simulate: () => import('./simulate.ts'),
};

const USAGE = `usage: genome <command> [options]
  inspect FILE [--json]
  genotype FILE RSID... [--json]
  report FILE [--json]
  ancestry FILE [--json]
  match FILE_A FILE_B [--json]
  simulate --pedigree NAME --format VENDOR --out DIR [--chip 23andme-v5|ancestry-v2] [--seed N]`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!command) {
    process.stderr.write('genome: no command given (genome --help lists them)\n');
    return 2;
  }
  const load = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!load) {
    process.stderr.write(`genome: unknown command '${command}'\n`);
    return 2;
  }
  try {
    return await (await load()).run(args);
  } catch (err) {
    const message = err instanceof GenomeError ? err.oneLine() : err instanceof Error ? err.message : String(err);
    process.stderr.write(`genome: ${message.split('\n')[0]}\n`);
    return 1;
  }
}
