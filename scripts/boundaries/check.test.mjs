import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBoundaries } from './check.mjs';

const config = {
  sourceRoots: ['apps/server/src', 'apps/web/src', 'packages'],
  packageFolders: { core: 'packages/core' },
  testFiles: [/\.test\.tsx?$/],
  modulePublicFiles: { security: ['principal.ts'] },
  allowList: [{ pattern: /^apps\/server\/src\/modules\/legacy\//, reason: 'fixture' }],
};

let root = '';
function tree(files) {
  root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return checkBoundaries(root, config);
}
afterEach(() => rmSync(root, { recursive: true, force: true }));

const clean = {
  'packages/core/src/index.ts': "export { add } from './add';\n",
  'packages/core/src/add.ts': 'export const add = (a: number, b: number) => a + b;\n',
  'apps/server/src/modules/security/principal.ts':
    "import { add } from '@tessera/core';\nexport const p = add(1, 2);\n",
  'apps/server/src/modules/security/users.repo.ts': 'export const findUser = () => 1;\n',
  'apps/server/src/modules/security/users.service.ts':
    "import { findUser } from './users.repo';\nexport const user = findUser;\n",
  'apps/server/src/modules/security/users.routes.ts':
    "import { user } from './users.service.js';\nexport const r = user;\n",
  'apps/server/src/modules/charts/charts.service.ts':
    "import { p } from '../security/principal';\nimport { user } from '../security/users.service';\nexport const c = p + user();\n",
  'apps/server/src/modules/charts/charts.test.ts':
    "import { findUser } from '../security/users.repo';\nfindUser();\n",
  'apps/web/src/main.tsx': "import { add } from '@tessera/core';\nexport const x = add(1, 1);\n",
};

describe('checkBoundaries', () => {
  it('passes a tree that keeps every rule (tests may reach internals)', () => {
    expect(tree(clean)).toEqual([]);
  });

  it('reports a file cycle, including one made of type-only imports', () => {
    const violations = tree({
      ...clean,
      'apps/server/src/modules/security/cache.ts':
        "import type { Row } from './store.repo';\nexport type C = Row;\n",
      'apps/server/src/modules/security/store.repo.ts':
        "import './cache';\nexport interface Row { id: number }\n",
    });
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatchObject({
      rule: 'import-cycle',
      file: 'apps/server/src/modules/security/cache.ts',
    });
    expect(violations[0].message).toContain('cache.ts -> apps/server/src/modules/security/store.repo.ts -> ');
  });

  it('reports modules that import each other even when no file cycle exists', () => {
    const violations = tree({
      ...clean,
      'apps/server/src/modules/security/security.service.ts':
        "import { c } from '../charts/charts.service';\nexport const s = c;\n",
    });
    expect(violations.map((v) => v.rule)).toEqual(['module-cycle']);
    expect(violations[0].message).toContain('charts, security');
  });

  it('reports routes importing repos, web importing server, deep and cross-workspace imports, module internals', () => {
    const violations = tree({
      ...clean,
      'apps/server/src/modules/security/users.routes.ts':
        "import { findUser } from './users.repo';\nexport const r = findUser;\n",
      'apps/web/src/leak.ts':
        "import { p } from '../../server/src/modules/security/principal';\nexport const l = p;\n",
      'apps/web/src/deep.ts': "import { add } from '@tessera/core/src/add';\nexport const d = add;\n",
      'packages/core/src/reach.ts': "import { x } from '../../../apps/web/src/main';\nexport const y = x;\n",
      'apps/server/src/modules/charts/charts.repo.ts':
        "import { findUser } from '../security/users.repo';\nimport { u } from '../security/util';\nexport const q = findUser() + u;\n",
      'apps/server/src/modules/security/util.ts': 'export const u = 1;\n',
    });
    const seen = violations.map((v) => `${v.rule} ${v.file}:${v.line}`).sort();
    expect(seen).toEqual([
      'deep-package-import apps/web/src/deep.ts:1',
      'deep-package-import apps/web/src/leak.ts:1',
      'deep-package-import packages/core/src/reach.ts:1',
      'module-internals apps/server/src/modules/charts/charts.repo.ts:1',
      'module-internals apps/server/src/modules/charts/charts.repo.ts:2',
      'routes-import-repo apps/server/src/modules/security/users.routes.ts:1',
      'web-imports-server apps/web/src/leak.ts:1',
    ]);
  });

  it('takes a subpath the package.json exports as an entry point, not a deep import', () => {
    const violations = tree({
      ...clean,
      'packages/core/package.json': JSON.stringify({
        exports: { '.': './src/index.ts', './add': './src/add.ts' },
      }),
      'apps/web/src/entry.ts': "import { add } from '@tessera/core/add';\nexport const e = add;\n",
      'apps/web/src/deep.ts': "import { add } from '@tessera/core/src/add';\nexport const d = add;\n",
    });
    expect(violations.map((v) => `${v.rule} ${v.file}`)).toEqual([
      'deep-package-import apps/web/src/deep.ts',
    ]);
  });

  it('finds cycles through an exported subpath', () => {
    const violations = tree({
      ...clean,
      'packages/core/package.json': JSON.stringify({
        exports: { '.': './src/index.ts', './add': './src/add.ts' },
      }),
      'packages/core/src/add.ts': "import { sub } from './sub';\nexport const add = sub;\n",
      'packages/core/src/sub.ts': "import { add } from '@tessera/core/add';\nexport const sub = add;\n",
    });
    expect(violations.map((v) => v.rule)).toEqual(['import-cycle']);
  });

  it('skips allow-listed files, as importers and as targets', () => {
    const violations = tree({
      ...clean,
      'apps/server/src/modules/legacy/legacy.routes.ts':
        "import { findUser } from '../security/users.repo';\nimport { z } from './legacy.repo';\nexport const r = findUser() + z;\n",
      'apps/server/src/modules/legacy/legacy.repo.ts': 'export const z = 1;\n',
      'apps/server/src/modules/charts/uses-legacy.service.ts':
        "import { z } from '../legacy/legacy.repo';\nexport const w = z;\n",
    });
    expect(violations).toEqual([]);
  });
});
