import type { ImportEdge } from './import-graph';

/**
 * The import rules of ARCHITECTURE.md, checked on the import graph (CODE_STYLE.md, « Vérifications
 * automatiques »). A violation names the import that breaks a rule, in French.
 */
export interface Violation {
  /** `rule: from → to`: which rule, which import. */
  key: string;
  message: string;
}

const WEB = 'apps/web/src/';
const API = 'apps/api/src/';
const TEST_FILE = /\.test\.tsx?$/;

type WebArea =
  | { layer: 'lib' | 'components' | 'layout' | 'app' | 'test' | 'root' }
  | { layer: 'feature'; feature: string; file: string };

function webArea(file: string): WebArea {
  const rest = file.slice(WEB.length);
  const [top, name, ...inside] = rest.split('/');
  // `features/x` alone is the folder's index (a path that resolved to no file keeps its folder).
  if (top === 'features' && name)
    return { layer: 'feature', feature: name, file: inside.join('/') || 'index.ts' };
  if (top === 'lib' || top === 'components' || top === 'layout' || top === 'app' || top === 'test')
    return { layer: top };
  return { layer: 'root' };
}

/** What each web layer may import, besides packages and @comptoir/shared. */
const WEB_LAYERS: Record<'lib' | 'components' | 'layout', { may: string[]; rule: string }> = {
  lib: { may: ['lib'], rule: 'lib/ n’importe que lib/' },
  components: { may: ['lib', 'components'], rule: 'components/ n’importe que lib/ et components/' },
  layout: {
    may: ['lib', 'components', 'layout'],
    rule: 'layout/ n’importe que lib/, components/ et layout/ (app/ y place les fonctionnalités)',
  },
};

const moduleOf = (file: string) =>
  file.startsWith(`${API}modules/`) ? file.split('/')[4] : undefined;
const featureOf = (file: string) => {
  const area = file.startsWith(WEB) ? webArea(file) : undefined;
  return area?.layer === 'feature' ? area.feature : undefined;
};
const isIndex = (file: string) => /^index\.tsx?$/.test(file);

/** Groups of nodes that import each other, directly or not (Tarjan), of more than one node. */
export function cycles(links: Iterable<[string, string]>): string[][] {
  const next = new Map<string, Set<string>>();
  for (const [a, b] of links) {
    if (a === b) continue;
    if (!next.has(a)) next.set(a, new Set());
    if (!next.has(b)) next.set(b, new Set());
    next.get(a)!.add(b);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return groups;
}

/** Edges between two groups (API modules, web features) that lie on a cycle of groups. */
function cycleViolations(
  edges: ImportEdge[],
  groupOf: (file: string) => string | undefined,
  rule: string,
  label: string,
): Violation[] {
  const links = edges
    .map(({ from, to }) => [groupOf(from), groupOf(to)] as const)
    .filter((l): l is [string, string] => !!l[0] && !!l[1] && l[0] !== l[1]);
  const groupOfNode = new Map<string, string[]>();
  for (const group of cycles(links)) for (const node of group) groupOfNode.set(node, group);
  return edges.flatMap(({ from, to }) => {
    const [a, b] = [groupOf(from), groupOf(to)];
    const group = a && b && a !== b ? groupOfNode.get(a) : undefined;
    if (!group || !group.includes(b!)) return [];
    return [
      {
        key: `${rule}: ${from} → ${to}`,
        message: `${from} importe ${to} : cycle entre ${label} (${group.join(', ')})`,
      },
    ];
  });
}

function edgeViolation({ from, to }: ImportEdge): Violation | undefined {
  const breaks = (rule: string, why: string) => ({
    key: `${rule}: ${from} → ${to}`,
    message: `${from} importe ${to} : ${why}`,
  });
  if (from.startsWith('packages/shared/') && /^(apps\/|@comptoir\/(api|web)\b)/.test(to))
    return breaks('shared', 'packages/shared n’importe rien des applications');
  if (
    // The code of each application; their tests may share a support file (the e2e mail catcher).
    (from.startsWith(API) && /^(apps\/web\/|@comptoir\/web\b)/.test(to)) ||
    (from.startsWith(WEB) && /^(apps\/api\/|@comptoir\/api\b)/.test(to))
  )
    return breaks('apps', 'l’API et le web ne s’importent pas ; ils partagent packages/shared');
  if (/^apps\/api\/src\/(core|db|config|mail)\//.test(from) && moduleOf(to))
    return breaks('api-socle', 'core/, db/, config/ et mail/ n’importent aucun module');
  if (!from.startsWith(WEB) || !to.startsWith(WEB)) return undefined;

  const source = webArea(from);
  const target = webArea(to);
  const isTest = TEST_FILE.test(from);
  // The composition root (app/, main.tsx) and the test helpers assemble everything; a test may
  // also use the test helpers and the app's providers.
  if (source.layer === 'app' || source.layer === 'root' || source.layer === 'test') return;
  if (isTest && (target.layer === 'test' || target.layer === 'app')) return;
  if (source.layer === 'feature') {
    if (target.layer === 'feature') {
      if (target.feature === source.feature || isIndex(target.file)) return;
      return breaks(
        'web-fonctionnalite',
        `une fonctionnalité n’en importe une autre que par son index.ts (features/${target.feature}/index.ts)`,
      );
    }
    if (target.layer === 'lib' || target.layer === 'components' || target.layer === 'layout')
      return;
    return breaks(
      'web-fonctionnalite',
      'une fonctionnalité importe lib/, components/, layout/ et l’index.ts des autres',
    );
  }
  const allowed = WEB_LAYERS[source.layer];
  if (allowed.may.includes(target.layer)) return;
  return breaks(`web-${source.layer}`, allowed.rule);
}

/** Every violation of the import rules in `edges`, sorted by key. */
export function checkImports(edges: ImportEdge[]): Violation[] {
  const runtime = edges.filter((e) => !TEST_FILE.test(e.from));
  const found = [
    ...edges.map(edgeViolation).filter((v): v is Violation => v !== undefined),
    ...cycleViolations(runtime, moduleOf, 'cycle-api', 'modules de l’API'),
    ...cycleViolations(runtime, featureOf, 'cycle-web', 'fonctionnalités du web'),
  ];
  return found.sort((a, b) => a.key.localeCompare(b.key));
}
