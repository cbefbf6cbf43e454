// GraphQL cost, alias and depth limits as validation rules, plus introspection off in production.
// A refused query never reaches a resolver: yoga answers HTTP 400 with the validation errors.
import { createRequire } from 'node:module';
import type {
  ASTNode,
  DocumentNode,
  FieldNode,
  FragmentDefinitionNode,
  GraphQLCompositeType,
  GraphQLError,
  GraphQLField,
  GraphQLSchema,
  OperationDefinitionNode,
  SelectionSetNode,
  ValidationContext,
  ValidationRule,
  ValueNode,
} from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { REPLIES_PREVIEW } from '../../domain/comments.js';
import { PRICE_HISTORY_LIMIT } from '../activity/market.js';
import type { GraphqlLimits } from '../security/config.js';
import { SEARCH_MAX_FIRST } from './search/queries.js';
import { DEFAULT_PER_PAGE } from './inputs.js';
import { nestingDepth } from './nesting.js';

// graphql as graphql-yoga loads it (its CommonJS build, like a plain import under Node). Under vitest a plain
// import may resolve to the ESM build, a second copy whose instanceof checks fail on yoga's schema objects.
const {
  getNamedType,
  getNullableType,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  NoSchemaIntrospectionCustomRule,
  valueFromASTUntyped,
} = createRequire(import.meta.url)('graphql') as typeof import('graphql');

/**
 * Fixed size estimates of the lists that take no `pagination` argument (the resolvers return them whole).
 * Cost multiplies through them like through a page, so a list inside a page of 20 costs 20 × its estimate.
 */
export const LIST_ESTIMATES: Readonly<Record<string, number>> = {
  // A comment's first replies (Comment.replies.nodes): the server returns at most REPLIES_PREVIEW whatever was
  // posted, so this is their real size; the thread's 4 nested levels cost 20·(2+4+8+16). The rest are paged by
  // getCommentReplies (its perPage).
  'CommentReplies.nodes': REPLIES_PREVIEW,
  // Active sales of one token (not cancelled, units left): usually one listing, a few when several holders sell.
  'TokenHolding.bazaarSales': 5,
  'TokenHoldingNode.bazaarSales': 5,
  // Open offers on one token's sales (Received offers): a few bidders per token.
  'TokenWithOffers.offers': 10,
  // An artist page (the artists' pages): the seed's limits (7 highlights, 9 portfolio images); a few collections and articles.
  'Artist.highlights': 7,
  'ArtistPortfolio.items': 9,
  'Artist.collections': 10,
  'Artist.articles': 5,
  // An exhibition (the editorial pages): every work and each artist once; the demo's hang 7 to 14 works by 3 to 7 artists.
  'Exhibition.artworks': 20,
  'Exhibition.artistInfos': 10,
  // The home (the editorial pages): 4 slides, at most 20 featured and 10 trending collections (server/home/queries.ts, server/collections/queries.ts).
  'Query.getHomeSlides': 4,
  'Query.getFeaturedCollections': 20,
  'Query.getTrendingCollections': 10,
  // A price history (server/activity/market.ts): at most its newest PRICE_HISTORY_LIMIT points, whatever was traded.
  'PriceHistory.points': PRICE_HISTORY_LIMIT,
  // A collection's volume, one entry per currency it sold in: the chain's own and the allow-listed token (WETH).
  'CollectionStats.volume': 2,
  // A search's groups: at most its `first` (SEARCH_MAX_FIRST at most) each, whatever matched (server/graphql/search).
  'SearchResults.tokens': SEARCH_MAX_FIRST,
  'SearchResults.collections': SEARCH_MAX_FIRST,
  'SearchResults.artists': SEARCH_MAX_FIRST,
};

/** A list without an entry above (a field added later) costs as much as a default page. */
export const DEFAULT_LIST_ESTIMATE = DEFAULT_PER_PAGE;

/** What a malformed perPage (zero, negative, not an integer, not a number) counts as: huge, never zero. */
export const MALFORMED_PER_PAGE = 1_000_000;

export interface OperationMeasure {
  /** The operation's name (null when anonymous). */
  name: string | null;
  /** The sum of the list sizes the operation asks for (see `measureOperations`). */
  cost: number;
  /** Fields given an alias, fragments expanded. */
  aliases: number;
  /** The deepest field nesting: a root field is 1, each field selected inside adds 1. */
  depth: number;
  /** A pagination.perPage was not a positive integer (counted as MALFORMED_PER_PAGE). */
  malformedPerPage?: boolean;
}

interface Measure {
  cost: number;
  aliases: number;
  depth: number;
}

const ZERO: Measure = { cost: 0, aliases: 0, depth: 0 };

/** perPage as requested (a JS value from the variables or a literal); null/absent → the server's default; null when malformed. */
function perPageSize(value: unknown): number | null {
  if (value === undefined || value === null) return DEFAULT_PER_PAGE;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1) return Math.min(value, MALFORMED_PER_PAGE);
  return null;
}

class OperationMeter {
  private readonly fragmentMeasures = new Map<string, Measure>();
  private readonly measuring = new Set<string>();
  /** Some pagination or perPage was malformed (and counted as MALFORMED_PER_PAGE). */
  malformed = false;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>,
    private readonly variables: Readonly<Record<string, unknown>>,
  ) {}

  /** A value node as JS, variables substituted (undefined for an unset variable). */
  private valueOf(node: ValueNode): unknown {
    return valueFromASTUntyped(node, this.variables);
  }

  /** The list size a paginated field asks for: its pagination.perPage, literal or variable, else the default. */
  private pageSize(field: FieldNode): number {
    const argument = field.arguments?.find((arg) => arg.name.value === 'pagination');
    if (!argument) return DEFAULT_PER_PAGE;
    const pagination = this.valueOf(argument.value);
    if (pagination === undefined || pagination === null) return DEFAULT_PER_PAGE;
    const size = typeof pagination === 'object' && !Array.isArray(pagination) ? perPageSize((pagination as { perPage?: unknown }).perPage) : null;
    if (size !== null) return size;
    this.malformed = true;
    return MALFORMED_PER_PAGE;
  }

  /** How many items a field stands for, and whether its selections repeat per item. */
  private fieldSize(parent: GraphQLCompositeType, definition: GraphQLField<unknown, unknown>, node: FieldNode, isRoot: boolean): number | null {
    if (definition.args.some((arg) => arg.name === 'pagination')) return this.pageSize(node);
    if (isListType(getNullableType(definition.type))) {
      // A connection's edges are the page its field already counted.
      if (definition.name === 'edges' && parent.name.endsWith('Connection')) return null;
      return LIST_ESTIMATES[`${parent.name}.${definition.name}`] ?? DEFAULT_LIST_ESTIMATE;
    }
    // A single object at the root is one lookup: a list of one (so aliased lookups add up).
    return isRoot ? 1 : null;
  }

  private field(parent: GraphQLCompositeType | null, node: FieldNode, isRoot: boolean, costed: boolean): Measure {
    const aliases = node.alias ? 1 : 0;
    const name = node.name.value;
    // Introspection is answered from the in-memory schema (and is off in production): depth and aliases only.
    const introspection = name === '__schema' || name === '__type';
    const fieldCosted = costed && !introspection;
    let childType: GraphQLCompositeType | null = null;
    let size: number | null = null;
    if (introspection) {
      const type = this.schema.getType(name === '__schema' ? '__Schema' : '__Type');
      childType = type && isCompositeType(type) ? type : null;
    } else if (parent && (isObjectType(parent) || isInterfaceType(parent))) {
      const definition = parent.getFields()[name];
      if (definition) {
        const named = getNamedType(definition.type);
        childType = isCompositeType(named) ? named : null;
        size = this.fieldSize(parent, definition, node, isRoot);
      }
    }
    if (!fieldCosted) size = null;
    const inner = node.selectionSet ? this.selectionSet(node.selectionSet, childType, false, costed && !introspection) : ZERO;
    const cost = size === null ? inner.cost : size + size * inner.cost;
    return { cost, aliases: aliases + inner.aliases, depth: 1 + inner.depth };
  }

  /** A fragment measured once (whatever the number of spreads), so fragment chains cost linear time. */
  private fragment(name: string, costed: boolean): Measure {
    const key = `${name}:${costed}`;
    const known = this.fragmentMeasures.get(key);
    if (known) return known;
    const definition = this.fragments.get(name);
    // Unknown fragments and cycles are reported by graphql's own rules.
    if (!definition || this.measuring.has(key)) return ZERO;
    this.measuring.add(key);
    const type = this.schema.getType(definition.typeCondition.name.value);
    // A fragment on the query type is spread at the root (the only place it applies).
    const isRoot = !!type && type === this.schema.getQueryType();
    const measure = this.selectionSet(definition.selectionSet, type && isCompositeType(type) ? type : null, isRoot, costed);
    this.measuring.delete(key);
    this.fragmentMeasures.set(key, measure);
    return measure;
  }

  selectionSet(set: SelectionSetNode, parent: GraphQLCompositeType | null, isRoot: boolean, costed: boolean): Measure {
    const total = { cost: 0, aliases: 0, depth: 0 };
    for (const selection of set.selections) {
      let measure: Measure;
      if (selection.kind === Kind.FIELD) {
        measure = this.field(parent, selection, isRoot, costed);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition ? this.schema.getType(selection.typeCondition.name.value) : parent;
        measure = this.selectionSet(selection.selectionSet, condition && isCompositeType(condition) ? condition : null, isRoot, costed);
      } else {
        measure = this.fragment(selection.name.value, costed);
      }
      total.cost += measure.cost;
      total.aliases += measure.aliases;
      total.depth = Math.max(total.depth, measure.depth);
    }
    return total;
  }
}

/**
 * Cost, aliases and depth of every operation in `document`, fragments expanded. Cost is the sum of the list
 * sizes requested, aliases counted: a field with a `pagination` argument is a list of `pagination.perPage`
 * (literal or variable; DEFAULT_PER_PAGE when absent; MALFORMED_PER_PAGE when not a positive integer); a
 * connection's `edges` are that page; other lists count LIST_ESTIMATES; a single object at the root counts 1;
 * the selections of a list repeat per item, so a list inside a page of 20 costs 20 × its size.
 */
export function measureOperations(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> = {}): OperationMeasure[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  const operations: OperationDefinitionNode[] = [];
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    else if (definition.kind === Kind.OPERATION_DEFINITION) operations.push(definition);
  }
  return operations.map((operation) => {
    // A variable left out of the request takes its declared default.
    const values: Record<string, unknown> = {};
    for (const definition of operation.variableDefinitions ?? []) {
      const name = definition.variable.name.value;
      if (variables[name] !== undefined) values[name] = variables[name];
      else if (definition.defaultValue) values[name] = valueFromASTUntyped(definition.defaultValue);
    }
    const meter = new OperationMeter(schema, fragments, values);
    const root = schema.getRootType(operation.operation) ?? null;
    const measure = meter.selectionSet(operation.selectionSet, root, true, true);
    return { name: operation.name?.value ?? null, ...measure, malformedPerPage: meter.malformed };
  });
}

export interface LimitViolation {
  code: 'QUERY_ALIAS_LIMIT' | 'QUERY_DEPTH_LIMIT' | 'QUERY_COST_LIMIT';
  message: string;
}

/** The limit errors of one measured operation, in the order alias, depth, cost. */
export function limitViolations(measure: OperationMeasure, limits: Pick<GraphqlLimits, 'maxCost' | 'maxAliases' | 'maxDepth'>): LimitViolation[] {
  const violations: LimitViolation[] = [];
  if (measure.aliases > limits.maxAliases) {
    violations.push({ code: 'QUERY_ALIAS_LIMIT', message: `Query uses ${measure.aliases} aliases, more than the limit of ${limits.maxAliases}.` });
  }
  if (measure.depth > limits.maxDepth) {
    violations.push({ code: 'QUERY_DEPTH_LIMIT', message: `Query depth ${measure.depth} exceeds the limit of ${limits.maxDepth}.` });
  }
  if (measure.cost > limits.maxCost) {
    const cost = Number.isSafeInteger(measure.cost) ? String(measure.cost) : `more than ${Number.MAX_SAFE_INTEGER}`;
    const hint = measure.malformedPerPage ? ` A pagination.perPage that is not a positive integer counts as ${MALFORMED_PER_PAGE}.` : '';
    violations.push({ code: 'QUERY_COST_LIMIT', message: `Query cost ${cost} exceeds the limit of ${limits.maxCost}.${hint}` });
  }
  return violations;
}

// yoga's own error factory (its copy of graphql). `spec: false`: HTTP 400 whatever the Accept header (yoga
// answers plain validation errors with 200 to application/json clients, as the GraphQL-over-HTTP spec allows).
const refusal = (message: string, code: string, nodes: readonly ASTNode[] | undefined) =>
  createGraphQLError(message, { nodes, extensions: { code, http: { status: 400, spec: false } } }) as unknown as GraphQLError;

/** The validation rule: measures each operation with this request's variables and reports what is over. */
export function queryLimitsRule(limits: GraphqlLimits, variables: Record<string, unknown> = {}): ValidationRule {
  return function QueryLimits(context: ValidationContext) {
    return {
      Document(document: DocumentNode) {
        const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
        measureOperations(context.getSchema(), document, variables).forEach((measure, index) => {
          for (const { code, message } of limitViolations(measure, limits)) context.reportError(refusal(message, code, [operations[index]!]));
        });
        return false;
      },
    };
  };
}

/** graphql's NoSchemaIntrospectionCustomRule, its errors reported as 400 refusals with a code. */
export const noIntrospectionRule: ValidationRule = (context) =>
  NoSchemaIntrospectionCustomRule(
    Object.create(context, {
      reportError: { value: (error: GraphQLError) => context.reportError(refusal(error.message, 'INTROSPECTION_DISABLED', error.nodes)) },
    }) as ValidationContext,
  );

interface YogaValidationContext {
  params?: { variables?: Record<string, unknown> | null };
}

/**
 * The envelop plugin: a document nesting brackets deeper than `limits.maxNesting` is refused before it is parsed
 * (graphql-js parses recursively); cost/alias/depth rules on every request, and introspection refused when
 * `limits.introspection` is false (NODE_ENV=production). The cost depends on the request's variables, so the
 * server turns yoga's validation cache off (see createGraphql).
 */
export function useQueryLimits(limits: GraphqlLimits): Plugin {
  return {
    onParse({ params }) {
      const source = typeof params.source === 'string' ? params.source : params.source.body;
      const nesting = nestingDepth(source);
      if (nesting > limits.maxNesting) {
        throw refusal(`Query nesting ${nesting} exceeds the limit of ${limits.maxNesting}.`, 'QUERY_NESTING_LIMIT', undefined);
      }
    },
    onValidate({ addValidationRule, context }) {
      const variables = (context as YogaValidationContext).params?.variables;
      addValidationRule(queryLimitsRule(limits, variables && typeof variables === 'object' ? variables : {}));
      if (!limits.introspection) addValidationRule(noIntrospectionRule);
    },
  };
}
