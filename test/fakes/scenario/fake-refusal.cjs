'use strict';
// A fake's refusal: the runner sent something no scenario allows, or asked for behaviour the fake
// does not model. The fake prints the message and exits 99, a code no real tool here uses for it.
class FakeRefusal extends Error {
  constructor(message) {
    super(message);
    this.name = 'FakeRefusal';
  }
}

module.exports = { FakeRefusal };
