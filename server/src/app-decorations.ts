// Every module that adds to Fastify's types (`declare module 'fastify'`), in one import.
// A workspace that reads the server through its declarations (e2e and bench, under `tsc -b`)
// sees a decoration only when the file declaring it is in its program: importing this brings
// them all. server/test/unit/app-decorations.test.ts fails when a new one is missing here.
import './app';
import './functions/caller';
import './functions/plugin';
import './plugins/background-work';
import './plugins/build-info';
import './plugins/database';
import './plugins/dev-tools-runtime';
import './plugins/input-guard';
import './plugins/jobs-runtime';
import './plugins/player-runtime';
import './plugins/request-arrival';
import './plugins/room-runtime';
import './plugins/session';
import './plugins/tracks-runtime';
import './plugins/yandex-music-runtime';
import './realtime/pubsub-plugin';
import './realtime/session-revocations';
import './realtime/socket-plugin';
import './realtime/token-plugin';
import './routes/web-app';
