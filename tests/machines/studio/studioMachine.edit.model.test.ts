// The studio machine opened on an existing canvas (/studio/edit/c1), model-based: the canvas load and its failure and
// retry, the entry step by the canvas state (building → preview, finalized or published → publish), a live
// PublishReady moving the artist to publish, and Add tokens on a generative canvas creating a token from its script.
import { studioModel, studioPaths } from './studioModel';
import { runPaths } from './studioSuites';

runPaths('studioMachine: existing generative canvas (model-based)', studioPaths(studioModel({ mediaType: 'multipart/mixed', containerId: 'c1' })), { containerId: 'c1' });
