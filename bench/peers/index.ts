// The retrieval peers of `npm run bench:peers`, one file each behind the Peer interface.
export type { Peer, PeerDoc } from './types'
export { quirePeer } from './quire'
export { miniSearchPeer } from './minisearch'
export { oramaPeer } from './orama'
export { winkPeer } from './wink'
export { langchainBm25Peer } from './langchain-bm25'
export { langchainEnsemblePeer } from './langchain-ensemble'
