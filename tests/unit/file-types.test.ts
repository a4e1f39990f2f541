import { detectFileType, mimeTypeForKey, type FileCategory } from '../../api/src/infra/file-types.js';

const bytes = (...values: number[]) => Buffer.from(values);
const pdf = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n');
const ole2 = Buffer.concat([bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), Buffer.alloc(64)]);
const docx = Buffer.concat([bytes(0x50, 0x4b, 0x03, 0x04), Buffer.alloc(26), Buffer.from('[Content_Types].xml…word/document.xml')]);
const odt = Buffer.concat([bytes(0x50, 0x4b, 0x03, 0x04), Buffer.alloc(26), Buffer.from('mimetypeapplication/vnd.oasis.opendocument.text')]);
const exe = Buffer.concat([Buffer.from('MZ'), bytes(0x90, 0x00, 0x03, 0x00, 0x00, 0x00)]);
const png = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const jpeg = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16);
const text = Buffer.from('Constat d’état des lieux\r\nPièce 1 : séjour\tRAS\n');

describe('upload types are decided by content, not by name', () => {
  it.each<[FileCategory, string, Buffer, string | null]>([
    ['document', 'constat.pdf', pdf, 'application/pdf'],
    ['document', 'CONSTAT.PDF', pdf, 'application/pdf'],
    ['document', 'constat.doc', ole2, 'application/msword'],
    ['document', 'constat.docx', docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['document', 'constat.odt', odt, 'application/vnd.oasis.opendocument.text'],
    ['document', 'notes.txt', text, 'text/plain; charset=utf-8'],
    ['document', 'virus.pdf', exe, null],
    ['document', 'virus.txt', exe, null],
    ['document', 'faux.docx', odt, null],
    ['document', 'faux.odt', docx, null],
    ['document', 'photo.png', png, null],
    ['document', 'sans-extension', pdf, null],
    ['document', 'script.exe', exe, null],
    ['bill', 'facture.pdf', pdf, 'application/pdf'],
    ['bill', 'facture.docx', docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['bill', 'facture.odt', odt, null],
    ['bill', 'facture.txt', text, null],
    ['image', 'avatar.png', png, 'image/png'],
    ['image', 'avatar.jpeg', jpeg, 'image/jpeg'],
    ['image', 'avatar.jpg', png, null],
    ['image', 'avatar.png', pdf, null],
  ])('%s %s → %s', (category, name, head, expected) => {
    expect(detectFileType(category, name, head)?.mimeType ?? null).toBe(expected);
  });

  it('serves stored files with the type of their key', () => {
    expect(mimeTypeForKey('reports/2026/11/abc.pdf')).toBe('application/pdf');
    expect(mimeTypeForKey('reports/2026/11/abc.txt')).toBe('text/plain; charset=utf-8');
    expect(mimeTypeForKey('x/unknown.bin')).toBe('application/octet-stream');
  });
});
