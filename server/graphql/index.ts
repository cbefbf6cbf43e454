// POST /graphql: graphql-yoga with the marketplace list queries.
import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { createSchema, createYoga } from 'graphql-yoga';
import type { PublicConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { getMarketplaceCollections } from './collections.js';
import { parseListInput } from './inputs.js';
import { getMarketplaceTokens } from './tokens.js';
import { typeDefs } from './typeDefs.js';

export interface GraphqlContext {
  db: Db;
  config: PublicConfig;
}

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

export function createGraphql(context: GraphqlContext) {
  return createYoga({
    schema: createSchema<GraphqlContext>({ typeDefs, resolvers }),
    graphqlEndpoint: '/graphql',
    graphiql: false,
    // No file uploads through GraphQL: media goes through REST/tus with signed requests.
    multipart: false,
    landingPage: false,
    // Unexpected errors reach the client as "Unexpected error." without a stack; GraphQLErrors pass through.
    maskedErrors: true,
    logging: 'warn',
    context: () => context,
  });
}
