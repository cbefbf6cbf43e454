import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { browsingModule } from '../../server/graphql/browsing/index';
import { commentsModule } from '../../server/graphql/comments/index';
import { dashboardModule } from '../../server/graphql/dashboard/index';
import { typeDefs } from '../../server/graphql/typeDefs';
import { getBoughtTokensOperation, getMyBazaarOffersOperation, getMyTokensWithOffersOperation } from '../../src/services/dashboard/tabs';
import { getLikedTokensByAccountOperation } from '../../src/services/marketplace';

// The tabs' documents against the server's real SDL: a renamed field or input type fails here, not in a browser.
const schema = buildSchema([typeDefs, browsingModule.typeDefs, dashboardModule.typeDefs, commentsModule.typeDefs].join('\n'));
const operations = [getBoughtTokensOperation, getMyTokensWithOffersOperation, getMyBazaarOffersOperation, getLikedTokensByAccountOperation];

describe('dashboard tabs GraphQL documents', () => {
  it.each(operations.map((operation) => [operation.operationName, operation] as const))('%s is valid against the server schema', (_name, operation) => {
    expect(validate(schema, parse(operation.query)).map((error) => error.message)).toEqual([]);
  });
});
