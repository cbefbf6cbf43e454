import type { TokenPatch } from '../../services/live/tokenPatches';
import type { TokenDetail } from '../../services/token';
import { liveToken as mergePatch } from '../../../machines/token/liveToken';

/** The fetched token with its live patch applied (machines/token/liveToken.ts, which the token page's flow uses). */
export const liveToken = (token: TokenDetail, patch: TokenPatch | undefined): TokenDetail => mergePatch(token, patch);
