// POST /graphql: graphql-yoga with the marketplace list queries.
import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { createSchema, createYoga } from 'graphql-yoga';
import { browsingModule } from './browsing/index.js';
import { getMarketplaceCollections } from './collections.js';
import { commentsModule } from './comments/index.js';
import { dashboardModule } from './dashboard/index.js';
import { parseListInput } from './inputs.js';
import { getMarketplaceTokens } from './tokens.js';
import type { GraphqlContext, GraphqlModule } from './module.js';
import { typeDefs } from './typeDefs.js';

export type { GraphqlContext } from './module.js';

// Feature modules add their types and queries to the base schema (typeDefs.ts).
const modules: GraphqlModule[] = [browsingModule, dashboardModule, commentsModule];

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
      getMarketplaceTokens(db, config.ipfs, parseListInput(args, ['_id', 'likesCount', 'price'])),
    getMarketplaceCollections: (_: unknown, args: ListArgs, { db, config }: GraphqlContext) =>
      getMarketplaceCollections(db, config.ipfs, parseListInput(args, ['_id', 'likesCount', 'price'])),
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

export function createGraphql(context: Omit<GraphqlContext, 'request'>) {
  return createYoga({
    schema: createSchema<GraphqlContext>({
      typeDefs: [typeDefs, ...modules.map((module) => module.typeDefs).filter((sdl) => sdl.trim() !== '')],
      resolvers: mergedResolvers() as never,
    }),
    graphqlEndpoint: '/graphql',
    graphiql: false,
    // No file uploads through GraphQL: media goes through REST/tus with signed requests.
    multipart: false,
    landingPage: false,
    // Unexpected errors reach the client as "Unexpected error." without a stack; GraphQLErrors pass through.
    maskedErrors: true,
    logging: 'warn',
    context: ({ request }) => ({ ...context, request }),
  });
}
