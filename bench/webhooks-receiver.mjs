/**
 * The benchmark's webhook receiver, run in a worker thread so its event loop does not share
 * time with the server's. It answers 200 and reports (webhook path, event id, receivedAt).
 */
import http from 'node:http';
import { parentPort } from 'node:worker_threads';

const seen = [];
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    seen.push([req.url ?? '', String(req.headers['postroom-event-id']), Date.now()]);
    res.writeHead(200).end('ok');
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => parentPort?.postMessage({ port: server.address().port }));
parentPort?.on('message', (msg) => {
  if (msg === 'report') parentPort?.postMessage({ seen: seen.splice(0) });
});
