import { closeSync, constants, fstatSync, openSync, type Stats } from 'node:fs';

/** A path that names something other than a regular file: a device, FIFO, socket or directory. */
export class NotARegularFileError extends Error {
  override readonly name = 'NotARegularFileError';
}

/**
 * Opens a file for reading only when it is a regular file. O_NONBLOCK makes opening a FIFO return at
 * once (a blocking open waits forever for a writer), and the check on the opened descriptor refuses
 * devices such as /dev/zero, whose reads never end. Returns the descriptor; the caller closes it.
 */
export function openRegularFile(file: string): number {
  const descriptor = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  const info = fstatSync(descriptor);
  if (!info.isFile()) {
    closeSync(descriptor);
    throw new NotARegularFileError(`${file} is not a regular file (${describeFileType(info)})`);
  }
  return descriptor;
}

/** What a non-regular path is, in words. */
export function describeFileType(info: Stats): string {
  if (info.isDirectory()) return 'a directory';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isFIFO()) return 'a FIFO';
  if (info.isSocket()) return 'a socket';
  return 'a regular file';
}
