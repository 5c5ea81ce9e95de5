import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/** Modules every page loads: the browser entry and the root route. */
const SHELL_ENTRIES = ['entry.client.tsx', 'root.tsx'].map((file) => path.join(import.meta.dirname, 'app', file));

/** Every export of a module is wanted (a plain import of the whole module, `import * as`, `export *`). */
const ALL = '*';

/** `import … from 's'`, `import 's'`, `export … from 's'`: the clause (undefined for a bare import) and the specifier. */
const STATIC_IMPORT = /\b(import|export)\s*(?:([\w$*{}\s,]+?)\s*from\s*)?["']([^"']+)["']/g;

/** A static import of a module: the module it names, and whether it re-exports from it (with the clause). */
type Edge = { target: string; reexport: boolean; clause: string | undefined };

/** What an import clause asks of the module it names: export names, or ALL. */
function importedNames(clause: string | undefined): string[] {
  if (!clause) return [];
  const names: string[] = [];
  const braces = clause.match(/\{([^}]*)\}/);
  for (const part of braces?.[1].split(',') ?? []) {
    const name = part.trim().split(/\s+as\s+/)[0];
    if (name) names.push(name);
  }
  const outside = clause.replace(/\{[^}]*\}/, '').trim();
  if (outside.includes('*')) return [ALL];
  if (outside.replace(',', '').trim()) names.push('default');
  return names;
}

/** For `export { a as b } from`: the exported name (b) to the imported name (a); ALL for `export *`. */
function reexportedNames(clause: string | undefined): Map<string, string> | typeof ALL {
  const braces = clause?.match(/\{([^}]*)\}/);
  if (!braces) return ALL;
  const names = new Map<string, string>();
  for (const part of braces[1].split(',')) {
    const [local, exported] = part.trim().split(/\s+as\s+/);
    if (local) names.set(exported ?? local, local);
  }
  return names;
}

/**
 * Puts the modules that the browser entry and the root route import statically into one "shell" chunk.
 * Every page loads all of them anyway, but the automatic splitting cut them into some sixty chunks (by
 * which lazily loaded routes share each piece), and each chunk costs a modulepreload link in the page
 * and a line in React Router's inline manifest, for every route. Re-exports of library index modules
 * (antd's, the icons') are followed only for the names the shell imports, so components that only other
 * routes use keep the automatic splitting. The entry and root modules stay chunks of their own, as React
 * Router loads them by name.
 */
export function shellChunk(): Plugin {
  const shell = new Set<string>();
  return {
    name: 'jiyin-shell-chunk',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    async buildEnd() {
      // The module graph is complete here, before chunks are made.
      const wanted = new Map<string, Set<string>>();
      const edges = new Map<string, Edge[]>();
      const edgesOf = async (id: string) => {
        let list = edges.get(id);
        if (list) return list;
        const info = this.getModuleInfo(id);
        list = [];
        for (const m of (info?.code ?? '').matchAll(STATIC_IMPORT)) {
          const target = (await this.resolve(m[3], id))?.id;
          if (target && info?.importedIds.includes(target)) list.push({ target, reexport: m[1] === 'export', clause: m[2] });
        }
        // Whatever the pattern missed is taken whole.
        const matched = new Set(list.map((e) => e.target));
        for (const target of info?.importedIds ?? []) {
          if (!matched.has(target)) list.push({ target, reexport: false, clause: '* as all' });
        }
        edges.set(id, list);
        return list;
      };
      // Each step adds export names a module must provide; a module's own imports are taken once.
      const stack: [string, string[]][] = SHELL_ENTRIES.map((id) => [id, [ALL]]);
      while (stack.length) {
        const [id, names] = stack.pop() as [string, string[]];
        const first = !wanted.has(id);
        if (first) wanted.set(id, new Set());
        const have = wanted.get(id) as Set<string>;
        const added = names.filter((name) => !have.has(ALL) && !have.has(name));
        for (const name of added) have.add(name);
        if (!first && !added.length) continue;
        const whole = have.has(ALL) || !id.includes(`${path.sep}node_modules${path.sep}`);
        for (const { target, reexport, clause } of await edgesOf(id)) {
          if (!reexport) {
            if (first) stack.push([target, importedNames(clause)]);
            continue;
          }
          const map = reexportedNames(clause);
          if (map === ALL) {
            stack.push([target, whole ? [ALL] : added]);
            continue;
          }
          const pass = [...map].filter(([exported]) => whole || added.includes(exported)).map(([, local]) => local);
          if (pass.length) stack.push([target, pass]);
        }
      }
      // Stylesheets stay with the root route: a chunk that some route also imports lazily gets its CSS
      // linked a second time on that import (React Router marks it so), which would reorder the cascade.
      for (const id of wanted.keys()) if (!/\.css($|\?)/.test(id)) shell.add(id);
      for (const entry of SHELL_ENTRIES) shell.delete(entry);
    },
    outputOptions(options: Rollup.OutputOptions) {
      return {
        ...options,
        codeSplitting: { groups: [{ name: 'shell', test: (id: string) => shell.has(id) }] },
      };
    },
  };
}
