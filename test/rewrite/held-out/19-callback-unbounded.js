// A callback API retried for ever through setTimeout, with no counter.
const { mailer } = require('./infra');

function sendWelcome(address, done) {
  mailer.send({ to: address, template: 'welcome' }, (err, info) => {
    if (err) {
      setTimeout(() => sendWelcome(address, done), 5000);
      return;
    }
    done(null, info);
  });
}

module.exports = { sendWelcome };
