// The package.json and package-lock.json of a production-only install (`npm run stage`), made from the
// repository's own: the server bundle's run-time packages and Node 24, at the versions the lock file holds,
// nothing of the web app, the tests or the build (decision 229).

/** The folders whose run-time packages the server bundle needs: itself, and @lajan/domain inside it. */
const BUNDLED_WORKSPACES = ['apps/server', 'packages/domain'];

/** The lock path that `name` resolves to from the package at lock path `from`, as Node finds it. */
export function resolveInLock(packages, from, name) {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent >= 0 ? base.slice(0, parent) : '';
  }
}

/** Where a package of the repository's tree lands in the staged one: a workspace's own folder is hoisted. */
function stagedPath(path) {
  for (const workspace of BUNDLED_WORKSPACES)
    if (path.startsWith(`${workspace}/node_modules/`)) return path.slice(workspace.length + 1);
  return path;
}

function edgesOf(entry) {
  const optionalPeers = entry.peerDependenciesMeta ?? {};
  return [
    ...Object.keys(entry.dependencies ?? {}).map((name) => ({ name, optional: false })),
    ...Object.keys(entry.optionalDependencies ?? {}).map((name) => ({ name, optional: true })),
    ...Object.keys(entry.peerDependencies ?? {})
      .filter((name) => !optionalPeers[name]?.optional)
      .map((name) => ({ name, optional: false })),
  ];
}

/**
 * The staged package.json: the run-time dependencies of the bundled workspaces (our own `@lajan/*` are in
 * the bundle), the root's `node` (Node 24, so that the install runs on the Node CI runs) and its policy
 * for install scripts.
 */
export function productionManifest(rootPackage, workspacePackages) {
  const dependencies = {};
  for (const workspace of BUNDLED_WORKSPACES) {
    for (const [name, range] of Object.entries(workspacePackages[workspace].dependencies ?? {})) {
      if (name.startsWith('@lajan/')) continue;
      if (dependencies[name] !== undefined && dependencies[name] !== range)
        throw new Error(`${name} : ${dependencies[name]} et ${range} demandés par deux espaces de travail`);
      dependencies[name] = range;
    }
  }
  const node = rootPackage.devDependencies?.node ?? rootPackage.dependencies?.node;
  if (node) dependencies.node = node;
  const sorted = Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => a.localeCompare(b)));
  return {
    name: rootPackage.name,
    version: rootPackage.version,
    private: true,
    description: rootPackage.description,
    type: 'module',
    engines: rootPackage.engines,
    scripts: {
      start: 'node scripts/serve.mjs',
      serve: 'node scripts/serve.mjs',
      backup: 'node scripts/backup.mjs backup',
      restore: 'node scripts/backup.mjs restore',
      'mfa:reset': 'node scripts/mfa-reset.mjs',
    },
    dependencies: sorted,
    ...(rootPackage.allowScripts ? { allowScripts: rootPackage.allowScripts } : {}),
  };
}

/**
 * The staged lock file: every package the manifest's dependencies reach in the repository's lock, at the
 * same version and integrity, hoisted out of the workspaces' folders. Throws when the staged tree would
 * resolve one of them to another version than the repository's tree does.
 */
export function productionLock(rootLock, manifest) {
  const from = rootLock.packages;
  const roots = [];
  for (const name of Object.keys(manifest.dependencies)) {
    const owner = name === 'node' ? '' : BUNDLED_WORKSPACES.find((w) => from[w]?.dependencies?.[name]);
    const path = resolveInLock(from, owner ?? '', name);
    if (!path) throw new Error(`${name} absent du fichier de verrouillage`);
    roots.push(path);
  }
  const reached = new Set();
  const required = new Set();
  const walk = (start, followOptional, into) => {
    const queue = [...start];
    while (queue.length > 0) {
      const path = queue.pop();
      if (into.has(path)) continue;
      into.add(path);
      for (const edge of edgesOf(from[path])) {
        if (edge.optional && !followOptional) continue;
        const target = resolveInLock(from, path, edge.name);
        if (target) queue.push(target);
        else if (!edge.optional) throw new Error(`${edge.name}, demandé par ${path}, absent du verrouillage`);
      }
    }
  };
  walk(roots, true, reached);
  walk(roots, false, required);

  const packages = {
    '': {
      name: manifest.name,
      version: manifest.version,
      dependencies: manifest.dependencies,
      ...(manifest.engines ? { engines: manifest.engines } : {}),
    },
  };
  const origin = new Map();
  for (const path of [...reached].sort()) {
    const target = stagedPath(path);
    if (origin.has(target))
      throw new Error(`${path} et ${origin.get(target)} iraient tous deux dans ${target}`);
    origin.set(target, path);
    const { dev: _dev, devOptional: _devOptional, optional: _optional, peer: _peer, ...entry } = from[path];
    packages[target] = required.has(path) ? entry : { ...entry, optional: true };
  }
  // The staged tree must resolve every dependency as the repository's does.
  for (const [target, path] of origin) {
    for (const edge of edgesOf(from[path])) {
      const before = resolveInLock(from, path, edge.name);
      if (!before) continue;
      const after = resolveInLock(packages, target, edge.name);
      if (after !== stagedPath(before))
        throw new Error(
          `${edge.name} depuis ${target} : ${after ?? 'rien'} au lieu de ${stagedPath(before)}`,
        );
    }
  }
  const sortedPackages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  return {
    name: manifest.name,
    version: manifest.version,
    lockfileVersion: 3,
    requires: true,
    packages: sortedPackages,
  };
}
