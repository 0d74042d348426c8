// A websocket client that reconnects with a doubling backoff when the connection closes.
const WebSocket = require('ws');

let backoff = 1000;

function connect(url, onMessage) {
  const ws = new WebSocket(url);
  ws.on('open', () => {
    backoff = 1000;
  });
  ws.on('message', (data) => onMessage(JSON.parse(data)));
  ws.on('close', () => {
    setTimeout(() => connect(url, onMessage), backoff);
    backoff = Math.min(backoff * 2, 30000);
  });
  ws.on('error', () => ws.close());
  return ws;
}

module.exports = { connect };
