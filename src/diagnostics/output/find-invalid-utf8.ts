const decoder = new TextDecoder('utf-8', { fatal: true });

/** Byte offset of the first byte that is not part of well-formed UTF-8, or -1 when all of it is. */
export function findInvalidUtf8(bytes: Uint8Array): number {
  try {
    decoder.decode(bytes);
    return -1;
  } catch {
    return scanForInvalidUtf8(bytes);
  }
}

/** The slow path, only taken for invalid input: walks the sequences as RFC 3629 defines them. */
function scanForInvalidUtf8(bytes: Uint8Array): number {
  let index = 0;
  while (index < bytes.length) {
    const lead = bytes[index] ?? 0;
    const [length, low, high] = lead < 0x80 ? [1, 0, 0] : lead >= 0xc2 && lead <= 0xdf ? [2, 0x80, 0xbf] : sequenceBounds(lead);
    if (length === 0) return index;
    for (let offset = 1; offset < length; offset += 1) {
      const byte = bytes[index + offset];
      const [minimum, maximum] = offset === 1 ? [low, high] : [0x80, 0xbf];
      if (byte === undefined || byte < minimum || byte > maximum) return index;
    }
    index += length;
  }
  return -1;
}

/** Length and allowed second-byte range for three- and four-byte leads (excluding overlongs and surrogates). */
function sequenceBounds(lead: number): [number, number, number] {
  if (lead === 0xe0) return [3, 0xa0, 0xbf];
  if (lead === 0xed) return [3, 0x80, 0x9f];
  if (lead >= 0xe1 && lead <= 0xef) return [3, 0x80, 0xbf];
  if (lead === 0xf0) return [4, 0x90, 0xbf];
  if (lead >= 0xf1 && lead <= 0xf3) return [4, 0x80, 0xbf];
  if (lead === 0xf4) return [4, 0x80, 0x8f];
  return [0, 0, 0];
}
