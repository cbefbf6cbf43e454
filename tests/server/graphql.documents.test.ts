// Every GraphQL document in src/ validates against the server's schema, and the app's generated copy of the schema
// (src/graphql/schema.graphql + introspection.d.ts, from which gql.tada types every result) is the server's.
// Documents are found by reading the source, not from a list: each graphql(`...`) call of every .ts/.tsx file, its
// text written there or imported as a constant (a first read's text is in domain/firstReads/, which the server shares).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import {
  buildSchema,
  Kind,
  NoUnusedFragmentsRule,
  parse,
  printSchema,
  specifiedRules,
  validate,
  visit,
  type DefinitionNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
} from 'graphql';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { INTROSPECTION_FILE, SCHEMA_FILE, generatedSchemaFiles, serverSdl } from '../../scripts/graphql-codegen.js';

const ROOT = join(import.meta.dirname, '../..');
// The server's schema (createGraphqlSchema), rebuilt from its SDL with this file's graphql instance.
const schema = buildSchema(serverSdl());

interface FoundDocument {
  /** file:line of the graphql(...) call. */
  at: string;
  text: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const literalText = (node: ts.Node | undefined) => (node && (ts.isNoSubstitutionTemplateLiteral(node) || ts.isStringLiteral(node)) ? node.text : null);

/** The text of `const name = '…'` in `source`, a literal; null when there is none. */
function constantText(source: ts.SourceFile, name: string): string | null {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return literalText(declaration.initializer);
    }
  }
  return null;
}

/** The literal text an identifier names: a constant of the same file, or one it imports by name from a relative path. */
function identifierText(source: ts.SourceFile, identifier: ts.Identifier): string | null {
  const local = constantText(source, identifier.text);
  if (local !== null) return local;
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    const binding = bindings.elements.find((element) => element.name.text === identifier.text);
    if (!binding || !statement.moduleSpecifier.text.startsWith('.')) continue;
    const file = `${resolve(dirname(source.fileName), statement.moduleSpecifier.text.replace(/\.js$/, ''))}.ts`;
    if (!existsSync(file)) return null;
    const imported = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    return constantText(imported, (binding.propertyName ?? binding.name).text);
  }
  return null;
}

/**
 * Every graphql(...) call under `dir`: its document written there, or a constant it names (of the file or imported
 * from one); a document that is not one literal string is an error, not skipped.
 */
function collectDocuments(dir: string): { documents: FoundDocument[]; problems: string[] } {
  const documents: FoundDocument[] = [];
  const problems: string[] = [];
  for (const path of sourceFiles(dir)) {
    const text = readFileSync(path, 'utf8');
    if (!/\bgraphql\s*\(/.test(text)) continue;
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visitNode = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'graphql') {
        const at = `${relative(ROOT, path)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
        const [first] = node.arguments;
        const found = first && ts.isIdentifier(first) ? identifierText(source, first) : literalText(first);
        if (found !== null) documents.push({ at, text: found });
        else problems.push(`${at}: a graphql(...) document must be one literal string (fragments go in the second argument)`);
      }
      ts.forEachChild(node, visitNode);
    };
    visitNode(source);
  }
  return { documents, problems };
}

/** Why the documents do not validate against the schema: parse errors, duplicate fragments, validation errors. */
function documentErrors(found: FoundDocument[], against: GraphQLSchema = schema): string[] {
  const errors: string[] = [];
  const parsed: { at: string; definitions: readonly DefinitionNode[] }[] = [];
  for (const document of found) {
    try {
      parsed.push({ at: document.at, definitions: parse(document.text).definitions });
    } catch (error) {
      errors.push(`${document.at}: ${(error as Error).message}`);
    }
  }
  const fragments = new Map<string, { at: string; node: FragmentDefinitionNode }>();
  for (const { at, definitions } of parsed) {
    for (const definition of definitions) {
      if (definition.kind !== Kind.FRAGMENT_DEFINITION) continue;
      const earlier = fragments.get(definition.name.value);
      if (earlier) errors.push(`${at}: fragment ${definition.name.value} is also defined at ${earlier.at}`);
      else fragments.set(definition.name.value, { at, node: definition });
    }
  }
  // A definition with every fragment it spreads, directly or through other fragments.
  const withFragments = (definition: DefinitionNode): DefinitionNode[] => {
    const needed = new Map<string, FragmentDefinitionNode>();
    const walk = (node: DefinitionNode) =>
      visit(node, {
        FragmentSpread(spread) {
          const fragment = fragments.get(spread.name.value)?.node;
          if (!fragment || needed.has(spread.name.value)) return;
          needed.set(spread.name.value, fragment);
          walk(fragment);
        },
      });
    walk(definition);
    return [definition, ...[...needed.values()].filter((fragment) => fragment !== definition)];
  };
  for (const { at, definitions } of parsed) {
    for (const definition of definitions) {
      const isFragment = definition.kind === Kind.FRAGMENT_DEFINITION;
      const rules = isFragment ? specifiedRules.filter((rule) => rule !== NoUnusedFragmentsRule) : specifiedRules;
      const document = { kind: Kind.DOCUMENT, definitions: withFragments(definition) } as const;
      for (const error of validate(against, document, rules)) errors.push(`${at}: ${error.message}`);
    }
  }
  return errors;
}

describe('the app’s GraphQL documents against the server schema', () => {
  const { documents, problems } = collectDocuments(join(ROOT, 'src'));

  it('finds the documents by reading src/: every query of the services, and the shared fragments', () => {
    expect(problems).toEqual([]);
    const operations = documents.flatMap((document) =>
      parse(document.text).definitions.flatMap((definition) => (definition.kind === Kind.OPERATION_DEFINITION ? [definition.name?.value] : [])),
    );
    // The reads the app sends (two documents share the name getTokensByContainerId: siblings and a collection's grid;
    // getArtistInfo and getArtistTokens: the artist page / artworks page and the artist profile tab).
    expect(operations.sort()).toEqual(
      [
        'getActivity',
        'getAllArtists',
        'getAllCanvas',
        'getArticle',
        'getArticles',
        'getArtistInfo',
        'getArtistInfo',
        'getArtistName',
        'getArtistTokens',
        'getArtistTokens',
        'getBoughtTokens',
        'getCanvasPreviewTokens',
        'getCanvasTokens',
        'getCollectionListing',
        'getCollectionMarket',
        'getCollections',
        'getCommentReplies',
        'getCommentsByTokenId',
        'getCreatedCollection',
        'getCreatedCollections',
        'getCurrentExhibition',
        'getDashboardCollectionTokens',
        'getExhibitionArtworks',
        'getExploreArtist',
        'getFeaturedArticle',
        'getFeaturedCollections',
        'getFeaturedExhibition',
        'getHomeSlides',
        'getLikedTokensByAccount',
        'getMarketplaceCollections',
        'getMarketplaceTokens',
        'getMyBazaarOffers',
        'getMyTokensWithOffers',
        'getOffersByToken',
        'getPastExhibitions',
        'getPendingCollection',
        'getPersonInfo',
        'search',
        'searchArtists',
        'getTokenFromHolding',
        'getTokenListing',
        'getTokenMarket',
        'getTokensByContainerId',
        'getTokensByContainerId',
        'getTrendingCollections',
      ].sort(),
    );
  });

  it('every document validates against the server schema', () => {
    expect(documentErrors(documents)).toEqual([]);
  });

  const fixtureDir = mkdtempSync(join(tmpdir(), 'graphql-documents-'));
  afterAll(() => rmSync(fixtureDir, { recursive: true, force: true }));

  it('the check reports a deliberately invalid document: an unknown field, a wrong argument, a missing fragment', () => {
    writeFileSync(
      join(fixtureDir, 'invalid.ts'),
      [
        "import { graphql } from '../src/graphql/graphql';",
        'export const Broken = graphql(`query broken($id: ID!) { getTokenFromHolding(id: $id) { id notAField } }`);',
        'export const WrongArgument = graphql(`query wrongArgument { getMarketplaceTokens(perPage: 3) { totalCount } }`);',
        'export const Missing = graphql(`query missing { getMarketplaceTokens { edges { node { ...NoSuchFragment } } } }`);',
        'const field = "id";',
        'export const Dynamic = graphql(`query dynamic { getTokenFromHolding(id: "1") { ${field} } }`);',
        "import { IMPORTED_TEXT } from './texts';",
        'export const Imported = graphql(IMPORTED_TEXT);',
        'const LOCAL_TEXT = `query local { getTokenFromHolding(id: "1") { alsoNotAField } }`;',
        'export const Local = graphql(LOCAL_TEXT);',
        'export const Unknown = graphql(NOT_A_CONSTANT);',
      ].join('\n'),
    );
    writeFileSync(join(fixtureDir, 'texts.ts'), 'export const IMPORTED_TEXT = `query imported { getHomeSlides { notASlideField } }`;\n');
    const found = collectDocuments(fixtureDir);
    expect(found.documents).toHaveLength(5);
    expect(found.problems).toEqual([
      expect.stringMatching(/invalid\.ts:6: a graphql\(\.\.\.\) document must be one literal string/),
      expect.stringMatching(/invalid\.ts:11: a graphql\(\.\.\.\) document must be one literal string/),
    ]);
    const errors = documentErrors(found.documents);
    expect(errors).toEqual([
      expect.stringMatching(/invalid\.ts:2: Cannot query field "notAField" on type "Token"/),
      expect.stringMatching(/invalid\.ts:3: Unknown argument "perPage" on field "Query\.getMarketplaceTokens"/),
      expect.stringMatching(/invalid\.ts:4: Unknown fragment "NoSuchFragment"/),
      expect.stringMatching(/invalid\.ts:8: Cannot query field "notASlideField" on type "HomeSlide"/),
      expect.stringMatching(/invalid\.ts:10: Cannot query field "alsoNotAField" on type "Token"/),
    ]);
  });

  it('the generated schema files are the server’s (else run `npm run codegen`)', () => {
    const expected = generatedSchemaFiles();
    expect(readFileSync(SCHEMA_FILE, 'utf8'), 'src/graphql/schema.graphql is out of date: npm run codegen').toBe(expected.sdl);
    expect(readFileSync(INTROSPECTION_FILE, 'utf8'), 'src/graphql/introspection.d.ts is out of date: npm run codegen').toBe(expected.introspection);
  });

  it('the staleness check fails when the server schema changes', () => {
    const changed = printSchema(buildSchema(`${printSchema(schema)}\nextend type Token { extraField: String }`));
    const expected = generatedSchemaFiles(changed);
    expect(expected.sdl).toContain('extraField: String');
    expect(readFileSync(SCHEMA_FILE, 'utf8')).not.toBe(expected.sdl);
    expect(readFileSync(INTROSPECTION_FILE, 'utf8')).not.toBe(expected.introspection);
  });
});
