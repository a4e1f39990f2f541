// Pictures made in tests (the seller's logo): a PNG with or without transparency, a JPEG, and a PNG
// whose header announces a size its few bytes never hold.
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/** Red on the right half; the left half transparent (alpha 0) when `alpha`, else blue. */
export function samplePng(width = 300, height = 100, { alpha = false } = {}): Buffer {
  const png = new PNG({ width, height });
  for (let pixel = 0; pixel < width * height; pixel++) {
    const left = pixel % width < width / 2;
    png.data.set(left ? [0, 0, 255, alpha ? 0 : 255] : [200, 20, 20, 255], pixel * 4);
  }
  return PNG.sync.write(png);
}

export function sampleJpeg(width = 300, height = 100): Buffer {
  const data = Buffer.alloc(width * height * 4, 0xff);
  for (let pixel = 0; pixel < width * height; pixel++) data.set([30, 90, (pixel % width) % 256, 255], pixel * 4);
  return Buffer.from(jpeg.encode({ data, width, height }, 90).data);
}

/** A valid PNG signature and IHDR announcing width × height, followed by nothing. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const png = samplePng(16, 16);
  const header = Buffer.from(png.subarray(0, 33));
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return header;
}
