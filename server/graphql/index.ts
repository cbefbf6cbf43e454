// POST /graphql: graphql-yoga with the marketplace list queries.
import { GraphQLScalarType, Kind, type GraphQLError, type ValueNode } from 'graphql';
import { createGraphQLError, createSchema, createYoga, maskError } from 'graphql-yoga';
import { DATA_EXCEPTION_MESSAGE, isDataException } from '../http/errors.js';
import { activityModule } from './activity/index.js';
import { marketModule } from './market/index.js';
import { articlesModule } from './articles/index.js';
import { artistsModule } from './artists/index.js';
import { browsingModule } from './browsing/index.js';
import { getMarketplaceCollections } from './collections.js';
import { commentsModule } from './comments/index.js';
import { dashboardModule } from './dashboard/index.js';
import { exhibitionsModule } from './exhibitions/index.js';
import { homeModule } from './home/index.js';
import type { MediaStore } from '../media/store.js';
import { studioModule } from './studio/index.js';
import { searchModule } from './search/index.js';
import { COLLECTION_SORTS, parseListInput, TOKEN_SORTS } from './inputs.js';
import { useQueryLimits } from './limits.js';
import { getMarketplaceTokens } from './tokens.js';
import type { GraphqlContext, GraphqlModule } from './module.js';
import { typeDefs } from './typeDefs.js';
import { graphqlViewer } from './viewer.js';
import type { GraphqlLimits } from '../security/config.js';

export type { GraphqlContext } from './module.js';

// Feature modules add their types and queries to the base schema (typeDefs.ts).
const modules: GraphqlModule[] = [activityModule, marketModule, browsingModule, dashboardModule, commentsModule, studioModule, artistsModule, exhibitionsModule, homeModule, articlesModule, searchModule];

function literalValue(node: ValueNode): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.LIST:
      return node.values.map(literalValue);
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((field) => [field.name.value, literalValue(field.value)]));
    default:
      return null;
  }
}

const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Arbitrary JSON value (attributes, metadata).',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: literalValue,
});

type ListArgs = { filters?: unknown; sort?: unknown; pagination?: unknown };

export const resolvers = {
  JSON: JSONScalar,
  Query: {
    getMarketplaceTokens: (_: unknown, args: ListArgs, { db, config }: GraphqlContext) =>
      getMarketplaceTokens(db, config.ipfs, parseListInput(args, TOKEN_SORTS)),
    getMarketplaceCollections: (_: unknown, args: ListArgs, { db, config }: GraphqlContext) =>
      getMarketplaceCollections(db, config.ipfs, parseListInput(args, COLLECTION_SORTS)),
  },
};

function mergedResolvers() {
  const merged: Record<string, unknown> = { ...resolvers, Query: { ...resolvers.Query } };
  for (const module of modules) {
    for (const [type, fields] of Object.entries(module.resolvers)) {
      merged[type] = { ...((merged[type] as object | undefined) ?? {}), ...fields };
    }
  }
  return merged;
}

export interface CreateGraphqlOptions extends Pick<GraphqlContext, 'db' | 'config'> {
  /** Cost, alias and depth limits and whether introspection is on (config.security.graphql). */
  limits: GraphqlLimits;
  /** The media store the REST routes use. */
  mediaStore: MediaStore;
}

/** The schema of every module, as the server runs it (tests measure the app's documents against it). */
export function createGraphqlSchema() {
  return createSchema<GraphqlContext>({
    typeDefs: [typeDefs, ...modules.map((module) => module.typeDefs).filter((sdl) => sdl.trim() !== '')],
    resolvers: mergedResolvers() as never,
  });
}

/**
 * yoga's masking, except for a value PostgreSQL refused as data (a number out of range inside a cursor, a NUL
 * character in a string): that is the query's fault, a BAD_USER_INPUT like REST's 400, not "Unexpected error.".
 */
export function maskDataExceptions(error: unknown, message: string, isDev?: boolean): Error {
  const graphqlError = error as Partial<GraphQLError>;
  if (isDataException(graphqlError.originalError ?? error)) {
    return createGraphQLError(DATA_EXCEPTION_MESSAGE, { nodes: graphqlError.nodes, path: graphqlError.path, extensions: { code: 'BAD_USER_INPUT' } });
  }
  return maskError(error, message, isDev);
}

export function createGraphql({ db, config, limits, mediaStore }: CreateGraphqlOptions) {
  return createYoga({
    schema: createGraphqlSchema(),
    graphqlEndpoint: '/graphql',
    graphiql: false,
    // No file uploads through GraphQL: media goes through REST/tus with signed requests.
    multipart: false,
    landingPage: false,
    // Unexpected errors reach the client as "Unexpected error." without a stack; GraphQLErrors pass through.
    maskedErrors: { maskError: maskDataExceptions },
    logging: 'warn',
    plugins: [useQueryLimits(limits)],
    // Parsed documents stay cached; validation results may not: the cost depends on each request's variables.
    parserAndValidationCache: { validationCache: false },
    // The signed-in viewer (Authorization: Bearer <address>:<key>) is resolved only when a field asks for it.
    context: ({ request }) => ({ db, config, mediaStore, request, viewer: graphqlViewer(db, request) }),
  });
}
