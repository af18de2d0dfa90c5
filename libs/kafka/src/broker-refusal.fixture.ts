import { KafkaJSProtocolError } from 'kafkajs';

/** For unit tests: what kafkajs throws when the broker answers MESSAGE_TOO_LARGE (code 10) for a record. */
export const brokerRefusesTooLarge = () =>
  new KafkaJSProtocolError({
    type: 'MESSAGE_TOO_LARGE',
    code: 10,
    retriable: false,
    message: 'The request included a message larger than the max message size the server will accept',
  } as unknown as Error);
