/**
 * Every module a source file refers to, read with the TypeScript parser (so text in strings and comments is
 * not mistaken for an import): static and type imports and re-exports, `import()`, `typeof import()`,
 * `require()`, `vi.mock()` and `import.meta.resolve()`, and the files it reaches by
 * `new URL('<relative path>', import.meta.url)`.
 * @module
 */
import ts from 'typescript'

export type ModuleReference = {
  specifier: string
  /** 1-based. */
  line: number
  /** `url`: a file path (`new URL(…, import.meta.url)`), not a module. */
  kind: 'import' | 'url'
}

const isImportMetaUrl = (node: ts.Node) =>
  ts.isPropertyAccessExpression(node) &&
  node.name.text === 'url' &&
  ts.isMetaProperty(node.expression) &&
  node.expression.keywordToken === ts.SyntaxKind.ImportKeyword

/** `require('x')`, `vi.mock('x')`, `import.meta.resolve('x')`: calls whose first argument names a module. */
function isModuleCall(callee: ts.Expression): boolean {
  if (ts.isIdentifier(callee)) return callee.text === 'require'
  if (!ts.isPropertyAccessExpression(callee)) return false
  const method = callee.name.text
  if (ts.isMetaProperty(callee.expression)) return method === 'resolve'
  return (
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === 'vi' &&
    ['mock', 'doMock', 'importActual', 'importMock'].includes(method)
  )
}

export function moduleReferences(fileName: string, text: string): ModuleReference[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false)
  const found: ModuleReference[] = []
  const add = (node: ts.Node | undefined, kind: ModuleReference['kind']) => {
    if (!node || !ts.isStringLiteralLike(node)) return
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source))
    found.push({ specifier: node.text, line: line + 1, kind })
  }
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier, 'import')
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      add(node.moduleReference.expression, 'import')
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add(node.argument.literal, 'import')
    else if (ts.isCallExpression(node)) {
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword || isModuleCall(node.expression))
        add(node.arguments[0], 'import')
    } else if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'URL' &&
      node.arguments?.[1] &&
      isImportMetaUrl(node.arguments[1])
    )
      add(node.arguments[0], 'url')
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}
