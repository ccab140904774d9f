import * as socketIoParser from 'socket.io-parser';
import { jsonNestsDeeperThan } from '../json-nesting';

/**
 * Socket.IO's own parser, but a packet whose JSON nests deeper than MAX_JSON_NESTING is refused
 * before it is parsed: Socket.IO parses every incoming packet with JSON.parse, so without this a
 * deeply nested message would hold the event loop as a deeply nested HTTP body would. A refused
 * packet ends its connection, as any packet Socket.IO cannot read does.
 */
class DepthCheckedDecoder extends socketIoParser.Decoder {
  override add(packet: unknown): void {
    if (typeof packet === 'string' && jsonNestsDeeperThan(packet.slice(payloadStart(packet)))) {
      throw new Error('realtime packet nested too deep');
    }
    super.add(packet);
  }
}

export const depthCheckedParser = { ...socketIoParser, Decoder: DepthCheckedDecoder };

const BINARY_TYPES = new Set([
  String(socketIoParser.PacketType.BINARY_EVENT),
  String(socketIoParser.PacketType.BINARY_ACK),
]);

/**
 * Where a packet's JSON begins, read as the decoder reads it: the type digit, for a binary
 * packet the attachment count and `-`, a namespace from `/` to `,`, then the ack id's digits.
 * The namespace is skipped as a whole, so a quote or bracket in it cannot hide the JSON's depth.
 */
function payloadStart(packet: string): number {
  let at = 1;
  if (BINARY_TYPES.has(packet.charAt(0))) {
    const dash = packet.indexOf('-', at);
    if (dash < 0) return packet.length;
    at = dash + 1;
  }
  if (packet.charAt(at) === '/') {
    const comma = packet.indexOf(',', at);
    if (comma < 0) return packet.length;
    at = comma + 1;
  }
  return at;
}
