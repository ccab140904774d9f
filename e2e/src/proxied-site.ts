import {
  allowSiteReads,
  s3StorageEnv,
  startS3Server,
  type S3Server,
} from '../../server/test/helpers/s3-server';
import { startAppNodes } from './app-nodes';
import { freePort, type E2EServer } from './harness';
import { startStickyProxy, type StickyProxy } from './sticky-proxy';

/** A site of two nodes behind one address: the proxy's. */
export type ProxiedSite = E2EServer & { proxy: StickyProxy; s3: S3Server };

/**
 * README "Several nodes" whole: two app nodes on one PostgreSQL, one Redis and one S3 bucket
 * (with the CORS rules README "The S3 bucket" asks for), behind a sticky proxy whose address is
 * the site's PUBLIC_URL.
 */
export async function startProxiedSite(): Promise<ProxiedSite> {
  const s3 = await startS3Server();
  const url = `http://127.0.0.1:${await freePort()}`;
  const app = await startAppNodes({ ...s3StorageEnv(s3), PUBLIC_URL: url, TRUST_PROXY: 'true' });
  const proxy = await startStickyProxy(
    Number(new URL(url).port),
    app.nodes.map((node) => node.url),
  );
  await allowSiteReads(s3, url);
  return {
    url,
    proxy,
    s3,
    close: async () => {
      await proxy.close();
      await app.close();
      await s3.close();
    },
  };
}
