// The boundary checker: reads every source file's import specifiers with TypeScript's pre-processor (no type
// checking, so it stays fast), resolves them the way our bundler/tsx setup does, and reports the dependency
// rules of docs/ARCHITECTURE.md ("Boundaries") that the graph breaks. Pure: it takes a root and a config and
// returns violations, so the unit test can run it on a fixture tree.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts'];

/** Posix path relative to the root, the form every rule and message uses. */
function relative(root, file) {
  return path.relative(root, file).split(path.sep).join('/');
}

function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function walk(dir, out) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (SOURCE_EXTENSIONS.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith('.d.ts'))
      out.push(full);
  }
}

/** `packages/core` or `apps/server` for a file inside a workspace, else null. */
export function workspaceOf(rel) {
  const match = /^(packages|apps)\/([^/]+)\//.exec(rel);
  return match ? `${match[1]}/${match[2]}` : null;
}

/** The server module a file belongs to (`apps/server/src/modules/<m>/...`), else null. */
export function serverModuleOf(rel) {
  const match = /^apps\/server\/src\/modules\/([^/]+)\//.exec(rel);
  return match ? match[1] : null;
}

/** Resolves a relative specifier as tsx and Vite do: `.js` may stand for `.ts`, folders mean their index. */
function resolveRelative(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const stem = base.replace(/\.(m|c)?jsx?$/, '');
  const candidates = [base, ...SOURCE_EXTENSIONS.map((ext) => stem + ext)];
  for (const ext of SOURCE_EXTENSIONS) candidates.push(path.join(base, `index${ext}`));
  return candidates.find(isFile) ?? null;
}

/**
 * The subpaths a package's package.json `exports` names besides its index (`./build-query` →
 * `src/build-query-registry.ts`): a declared entry point, used like the index, is not a deep import.
 */
function declaredSubpaths(root, folder) {
  let exports;
  try {
    exports = JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8')).exports;
  } catch {
    return new Map();
  }
  const subpaths = new Map();
  if (typeof exports !== 'object' || exports === null) return subpaths;
  for (const [key, value] of Object.entries(exports)) {
    if (key === '.' || !key.startsWith('./') || typeof value !== 'string') continue;
    const file = path.join(root, folder, value);
    if (isFile(file)) subpaths.set(key.slice(1), relative(root, file));
  }
  return subpaths;
}

/**
 * Reads the import graph. Package specifiers (`@tessera/<name>`) resolve to the package's index (or a
 * subpath its package.json exports) through the tree's own packages/ folder, not node_modules, so a
 * worktree is checked against its own sources.
 */
export function readGraph(root, config) {
  const files = [];
  for (const dir of config.sourceRoots) walk(path.join(root, dir), files);
  const subpaths = new Map(
    Object.entries(config.packageFolders).map(([name, folder]) => [name, declaredSubpaths(root, folder)]),
  );
  const graph = new Map();
  for (const file of files) {
    const rel = relative(root, file);
    const text = readFileSync(file, 'utf8');
    const info = ts.preProcessFile(text, true, true);
    const imports = [];
    for (const ref of info.importedFiles) {
      const specifier = ref.fileName;
      let target = null;
      let exported = false;
      if (specifier.startsWith('.')) {
        const resolved = resolveRelative(file, specifier);
        target = resolved ? relative(root, resolved) : null;
      } else {
        const scoped = /^@tessera\/([^/]+)(\/.*)?$/.exec(specifier);
        if (scoped) {
          const name = scoped[1];
          const folder = config.packageFolders[name];
          if (folder && !scoped[2]) {
            const index = SOURCE_EXTENSIONS.map((ext) => path.join(root, folder, 'src', `index${ext}`)).find(
              isFile,
            );
            target = index ? relative(root, index) : null;
          } else if (folder) {
            const declared = subpaths.get(name)?.get(scoped[2]);
            if (declared) {
              target = declared;
              exported = true;
            }
          }
        }
      }
      imports.push({ specifier, target, exported, line: text.slice(0, ref.pos).split('\n').length });
    }
    graph.set(rel, imports);
  }
  return graph;
}

/** Strongly connected components with more than one file (or a file importing itself), by Tarjan. */
function findCycles(edges) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const strongConnect = (start) => {
    // Iterative, so a long import chain cannot overflow the call stack.
    const work = [{ node: start, next: 0 }];
    indices.set(start, index);
    low.set(start, index);
    index += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const targets = edges.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next];
        frame.next += 1;
        if (!indices.has(target)) {
          indices.set(target, index);
          low.set(target, index);
          index += 1;
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node), indices.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === indices.get(frame.node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = component.length === 1 && targets.includes(frame.node);
        if (component.length > 1 || selfLoop) components.push(component.sort());
      }
    }
  };
  for (const node of [...edges.keys()].sort()) if (!indices.has(node)) strongConnect(node);
  return components;
}

/** One concrete loop through a component (breadth-first from its first file back to itself), for the message. */
function exampleLoop(component, edges) {
  const members = new Set(component);
  const start = component[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of edges.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const loop = [start];
        for (let at = node; at !== null && at !== start; at = previous.get(at)) loop.splice(1, 0, at);
        return [...loop, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return component;
}

function matchesAny(rel, patterns) {
  return patterns.some((pattern) => pattern.test(rel));
}

/**
 * A server module's public files: its `index.ts`, its services, and the files its entry in the config lists.
 * Repos and routes are never public, whatever the list says: data access and HTTP stay inside their module.
 */
function isModulePublic(config, module, name) {
  if (/\.(repo|routes)\.tsx?$/.test(name)) return false;
  if (name === 'index.ts' || /^[^/]+\.service\.ts$/.test(name)) return true;
  return (config.modulePublicFiles[module] ?? []).includes(name);
}

/** Every rule, over a graph; `config` says which files count and which are temporarily allowed. */
export function checkGraph(graph, config) {
  const violations = [];
  const isTest = (rel) => matchesAny(rel, config.testFiles);
  const isAllowed = (rel) =>
    matchesAny(
      rel,
      config.allowList.map((entry) => entry.pattern),
    );
  const report = (rule, file, line, message) => violations.push({ rule, file, line, message });

  const edges = new Map();
  const moduleEdges = new Map();
  for (const [file, imports] of graph) {
    if (isTest(file) || isAllowed(file)) continue;
    const targets = [];
    for (const { specifier, target, exported, line } of imports) {
      const from = workspaceOf(file);
      if (/^@tessera\/[^/]+\/.+/.test(specifier) && !exported)
        report('deep-package-import', file, line, `imports ${specifier}; use the package's index`);
      if (
        from === 'apps/web' &&
        (specifier.startsWith('@tessera/server') || target?.startsWith('apps/server/'))
      )
        report(
          'web-imports-server',
          file,
          line,
          `imports ${specifier}: the web app never imports server code`,
        );
      if (target === null) continue;
      const to = workspaceOf(target);
      if (specifier.startsWith('.') && to !== from)
        report('deep-package-import', file, line, `reaches ${target} by a relative path; import its package`);
      if (/\.routes\.tsx?$/.test(file) && /\.repo\.tsx?$/.test(target))
        report('routes-import-repo', file, line, `imports ${target}: routes call services, never repos`);
      const fromModule = serverModuleOf(file);
      const toModule = serverModuleOf(target);
      if (fromModule !== null && toModule !== null && fromModule !== toModule && !isAllowed(target)) {
        const name = target.slice(`apps/server/src/modules/${toModule}/`.length);
        if (!isModulePublic(config, toModule, name))
          report(
            'module-internals',
            file,
            line,
            `imports ${target}, which is internal to module ${toModule} (public: index.ts, *.service.ts and its list in scripts/boundaries/config.mjs)`,
          );
      }
      if (
        fromModule !== null &&
        toModule !== null &&
        fromModule !== toModule &&
        !isTest(target) &&
        !isAllowed(target)
      ) {
        const moduleTargets = moduleEdges.get(fromModule) ?? [];
        if (!moduleTargets.includes(toModule)) moduleTargets.push(toModule);
        moduleEdges.set(fromModule, moduleTargets);
      }
      if (!isTest(target) && !isAllowed(target)) targets.push(target);
    }
    edges.set(file, [...new Set(targets)]);
  }
  for (const component of findCycles(edges)) {
    const loop = exampleLoop(component, edges);
    report(
      'import-cycle',
      component[0],
      0,
      `import cycle through ${component.length} files, e.g. ${loop.join(' -> ')}`,
    );
  }
  for (const component of findCycles(moduleEdges)) {
    const loop = exampleLoop(component, moduleEdges);
    report(
      'module-cycle',
      `apps/server/src/modules/${component[0]}`,
      0,
      `modules ${component.join(', ')} import each other, e.g. ${loop.join(' -> ')}`,
    );
  }
  return violations;
}

export function checkBoundaries(root, config) {
  return checkGraph(readGraph(root, config), config);
}
