// The studio machine along the generative art path (the creator studio: Generative details → upload script → create token → thumbnail → token details → preview → publish), model-based: every vertex of a new generative art collection's graph
// by its shortest path plus the main line to publication, replayed on the real machine with every state asserted.
import { mediaPathSuite } from './studioSuites';

mediaPathSuite('multipart/mixed', ['details', 'upload', 'generativeToken', 'thumbnail', 'token', 'preview', 'publish'], true);
