import { lookupsFromCalls } from '../lookup.ts';
import { parseRawFile } from '../parse/index.ts';
import { GenomeError } from '../types.ts';

/**
 * `genome genotype FILE RSID... [--json]`: GRCh37 forward-strand genotypes, alleles sorted,
 * '--' for a no-call; rsids the file does not have are left out.
 */
export async function run(args: string[]): Promise<number> {
  const json = args.includes('--json');
  const [file, ...rsids] = args.filter((a) => !a.startsWith('--'));
  if (!file || rsids.length === 0) throw new GenomeError('BAD_ARGUMENT', '用法：genome genotype 文件 RSID... [--json]');
  const parsed = await parseRawFile(file);
  const lookups = lookupsFromCalls(parsed.calls, parsed.byRsid);
  const out: Record<string, string> = {};
  for (const id of rsids) {
    const g = lookups.byRsid(id);
    if (g !== null) out[id] = g;
  }
  if (json) process.stdout.write(`${JSON.stringify(out)}\n`);
  else
    process.stdout.write(
      rsids
        .map((id) => `${id}\t${out[id] ?? '（文件中没有）'}`)
        .join('\n')
        .concat('\n'),
    );
  return 0;
}
