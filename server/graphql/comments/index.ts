// GraphQL: getCommentsByTokenId (issue 7).
import type { GraphqlModule } from '../module.js';

export const commentsModule: GraphqlModule = {
  typeDefs: '',
  resolvers: {},
};
