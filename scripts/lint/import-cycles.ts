// Import cycles anywhere in the repository, counting every kind of import: `import type` and
// `export type … from`, dynamic `import('…')`, and types written as `import('…').T`, as well as
// plain imports and re-exports. ESLint's import-x/no-cycle leaves type-only imports out, and a
// circle of types is still a circle to read: each file can only be understood with the other, and
// a later value import closes it for real (docs/decisions/0032-one-table-per-directory-filter.md).
// `npm run lint` runs it after ESLint; it prints each circle as a path of files and exits 1.
//
// Files are the TypeScript project's (tsconfig.json's include, less its exclude and the generated
// Prisma client); specifiers are resolved as TypeScript resolves them, and only imports of our own
// files count (packages are never part of a circle of ours).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Files importing each other, by absolute path. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** Never ours to lint (as eslint.config.js ignores them). */
const IGNORED = /(^|\/)(node_modules|dist|\.data|prisma\/generated|coverage|test-results|playwright-report)\//;

/** Every module specifier a file names: static, type-only, re-exported, dynamic and in type positions. */
export function importedSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteralLike(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteralLike(node.moduleReference.expression)) {
      found.push(node.moduleReference.expression.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteralLike(first)) found.push(first.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteralLike(node.argument.literal)) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The project's files and compiler options, from `root`'s tsconfig.json. */
function readProject(root: string): { files: string[]; options: ts.CompilerOptions } {
  const configPath = path.join(root, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  if (config.error) throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const files = parsed.fileNames.filter((file) => !IGNORED.test(path.relative(root, file).split(path.sep).join('/') + '/'));
  return { files: files.map((file) => path.resolve(file)), options: parsed.options };
}

/** Who imports whom among the project's files under `root`. */
export function importGraph(root: string): ImportGraph {
  const { files, options } = readProject(root);
  const ours = new Set(files);
  const host = ts.createCompilerHost(options);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const specifier of importedSpecifiers(file, ts.sys.readFile(file) ?? '')) {
      const resolved = ts.resolveModuleName(specifier, file, options, host).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const target = path.resolve(resolved.resolvedFileName);
      if (ours.has(target)) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Files that import each other round a circle: one shortest circle as a path, and every file caught in it. */
export interface ImportCycle {
  /** Starts and ends at the same file. */
  path: string[];
  /** Every file of the strongly connected component, sorted. */
  files: string[];
}

/**
 * The circles of a graph: one per strongly connected component of two or more files (or a file
 * importing itself). Tarjan's algorithm, iterative (a long chain of imports must not overflow the
 * stack).
 */
export function findCycles(graph: ImportGraph): ImportCycle[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  for (const start of [...graph.keys()].sort()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      const selfImport = component.length === 1 && (graph.get(frame.node) ?? []).includes(frame.node);
      if (component.length > 1 || selfImport) components.push(component);
    }
  }
  return components.map((component) => ({ path: cycleThrough(graph, new Set(component)), files: component.sort() }));
}

/** A shortest path from the component's first file (by name) back to itself, inside the component. */
function cycleThrough(graph: ImportGraph, component: ReadonlySet<string>): string[] {
  const start = [...component].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let at = 0; at < queue.length; at++) {
    const node = queue[at]!;
    for (const to of graph.get(node) ?? []) {
      if (!component.has(to)) continue;
      if (to === start) {
        const back: string[] = [];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = cameFrom.get(at)) back.push(at);
        return [start, ...back.reverse(), start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

/** The circles among `root`'s project files, with paths relative to `root`. */
export function findImportCycles(root: string): ImportCycle[] {
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
  return findCycles(importGraph(root)).map((cycle) => ({ path: cycle.path.map(relative), files: cycle.files.map(relative) }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const cycles = findImportCycles(root);
  for (const cycle of cycles) {
    const others = cycle.files.filter((file) => !cycle.path.includes(file));
    console.error(`import cycle: ${cycle.path.join(' → ')}${others.length > 0 ? ` (caught in it too: ${others.join(', ')})` : ''}`);
  }
  if (cycles.length > 0) {
    console.error(`${cycles.length} import cycle(s), counting type-only and dynamic imports: move what both sides need to a file of its own.`);
    process.exit(1);
  }
  console.log('import cycles: none');
}
