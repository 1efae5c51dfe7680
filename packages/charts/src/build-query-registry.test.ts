import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { getBuildQuery, listBuildQueryVizTypes } from './build-query-registry';
import { BUILT_IN_CHART_PLUGINS } from './plugins';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every file the registry pulls in, with the bare specifiers (packages) each one imports. */
function importGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop();
    if (file === undefined || graph.has(file)) continue;
    const packages: string[] = [];
    graph.set(file, packages);
    for (const ref of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!ref.fileName.startsWith('.')) {
        packages.push(ref.fileName);
        continue;
      }
      const base = path.resolve(path.dirname(file), ref.fileName);
      const resolved = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => {
        try {
          readFileSync(candidate);
          return true;
        } catch {
          return false;
        }
      });
      if (resolved === undefined) throw new Error(`${file} imports ${ref.fileName}, which is not found`);
      pending.push(resolved);
    }
  }
  return graph;
}

describe('the build-query registry', () => {
  it('is the buildQuery of every built-in plugin, and knows no type without a plugin', () => {
    for (const plugin of BUILT_IN_CHART_PLUGINS) {
      expect(getBuildQuery(plugin.vizType), plugin.vizType).toBe(plugin.buildQuery);
    }
    expect(listBuildQueryVizTypes().sort()).toEqual(BUILT_IN_CHART_PLUGINS.map((p) => p.vizType).sort());
  });

  it('answers undefined for unknown types, inherited keys included', () => {
    expect(getBuildQuery('chord')).toBeUndefined();
    expect(getBuildQuery('constructor')).toBeUndefined();
    expect(getBuildQuery('__proto__')).toBeUndefined();
  });

  it('imports no React, DOM or echarts code, so the server can load it', () => {
    const graph = importGraph(path.join(here, 'build-query-registry.ts'));
    const files = [...graph.keys()].map((file) => path.relative(here, file));
    // The React-typed plugin API and the plugins' views stay out.
    expect(files.filter((file) => file.endsWith('.tsx') || file === 'plugin-api.ts')).toEqual([]);
    expect(files.filter((file) => /(^|\/)index\.ts$/.test(file))).toEqual([]);
    const packages = new Set([...graph.values()].flat());
    expect([...packages]).toEqual(['@tessera/contracts']);
    expect(files).toContain('plugins/table/buildQuery.ts');
  });
});
