/**
 * The staff callables, read from the functions' source: every callable functions/src/index.ts
 * exports whose code, with the helpers of its own module it calls, asks for a staff permission,
 * reads a staff role or writes the audit log. The staff roles test holds its table to this list,
 * so a new staff callable cannot go untested for its audit entries.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const SOURCE = new URL('../functions/src/', import.meta.url);
/** What only a staff callable does (functions/src/callable.ts, audit.ts; domain/src/staff.ts). */
const STAFF_CALLS = new Set(['requireStaff', 'staffFrom', 'staffMay', 'isStaffRole', 'appendAudit']);

/** The module's top-level declarations by name: functions, constants and their initialisers. */
function topLevelDeclarations(file: ts.SourceFile): Map<string, ts.Node> {
  const declarations = new Map<string, ts.Node>();
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) declarations.set(statement.name.text, statement);
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name)) declarations.set(declaration.name.text, declaration);
    }
  }
  return declarations;
}

/** The names a node's code calls or refers to. */
function namesIn(node: ts.Node): Set<string> {
  const names = new Set<string>();
  const visit = (child: ts.Node) => {
    if (ts.isIdentifier(child)) names.add(child.text);
    ts.forEachChild(child, visit);
  };
  visit(node);
  return names;
}

/** Whether `name`'s code, or that of a declaration of its module it reaches, does what only staff callables do. */
function reachesStaffCode(name: string, declarations: Map<string, ts.Node>): boolean {
  const seen = new Set([name]);
  for (const current of seen) {
    for (const used of namesIn(declarations.get(current)!)) {
      if (STAFF_CALLS.has(used)) return true;
      if (declarations.has(used)) seen.add(used);
    }
  }
  return false;
}

const isCallable = (declaration: ts.Node | undefined) =>
  !!declaration && ts.isVariableDeclaration(declaration) && !!declaration.initializer && ts.isCallExpression(declaration.initializer) && declaration.initializer.expression.getText() === 'onCall';

/** The names of the staff callables exported by functions/src/index.ts. */
export function staffCallables(): string[] {
  const index = readFileSync(new URL('index.ts', SOURCE), 'utf8');
  const found: string[] = [];
  for (const [, names, module] of index.matchAll(/export \{([^}]+)\} from '\.\/([\w/]+)';/g)) {
    const path = new URL(`${module}.ts`, SOURCE);
    const declarations = topLevelDeclarations(ts.createSourceFile(path.pathname, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true));
    for (const name of names!.split(',').map((each) => each.trim())) {
      if (isCallable(declarations.get(name)) && reachesStaffCode(name, declarations)) found.push(name);
    }
  }
  return found.sort();
}
