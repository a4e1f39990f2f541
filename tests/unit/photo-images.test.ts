// The pictures made from deposited photos (api/src/infra/photo-images.ts), and what a photo's
// stream failing does to them: a refused promise, never an 'error' event that stops the process.
import { PassThrough, Readable } from 'node:stream';
import { makePhotoPreview, resizeForWord } from '../../api/src/infra/photo-images.js';
import { readDictationSeconds } from '../../api/src/modules/counting/dictation-facts.js';
import { sampleJpeg } from '../support/images.js';
import { toneWav } from '../support/media.js';

it('makes a WebP preview at most 320 px on its longer side, and a JPEG for Word', async () => {
  const preview = await makePhotoPreview(Readable.from([sampleJpeg(1200, 400)], { objectMode: false }));
  expect(preview.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(preview.subarray(8, 12).toString('latin1')).toBe('WEBP');
  const word = await resizeForWord(Readable.from([sampleJpeg(40, 30)], { objectMode: false }));
  expect([...word.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
});

it('a photo whose stream fails at once refuses its preview, with no unhandled error event; the others are made', async () => {
  const failing = new PassThrough();
  const refused = makePhotoPreview(failing);
  failing.destroy(new Error('lecture interrompue'));
  const others = [1, 2, 3].map(() => makePhotoPreview(Readable.from([sampleJpeg(60, 40)], { objectMode: false })));
  await expect(refused).rejects.toThrow('lecture interrompue');
  for (const preview of await Promise.all(others)) expect(preview.subarray(8, 12).toString('latin1')).toBe('WEBP');
});

it('a photo whose stream fails halfway (a read cut short) refuses its preview', async () => {
  const photo = sampleJpeg(800, 600);
  const failing = new PassThrough();
  const refused = makePhotoPreview(failing);
  failing.write(photo.subarray(0, photo.length / 2));
  setTimeout(() => failing.destroy(new Error('connexion coupée')), 50);
  await expect(refused).rejects.toThrow('connexion coupée');
});

it('a truncated JPEG is refused, not previewed', async () => {
  await expect(makePhotoPreview(Readable.from([sampleJpeg(300, 200).subarray(0, 200)], { objectMode: false }))).rejects.toThrow();
});

it("reads a dictation's length with the parser loaded on first use", async () => {
  await expect(readDictationSeconds(Readable.from([toneWav(3)], { objectMode: false }), 'audio/wav')).resolves.toBe(3);
});
