// The Relay store keys records by `dataIdOf`: global ids as they are, plain numeric ids of types
// that are not nodes (ReportFile, ReportComment) by type, so that file 5 and comment 5 stay apart.
import { dataIdOf } from '../../web/src/relay/dataId.js';

describe('dataIdOf', () => {
  it.each([
    [{ id: 'UmVwb3J0OjE=' }, 'Report', 'UmVwb3J0OjE='],
    [{ id: 'VXNlcjoxMg==' }, 'User', 'VXNlcjoxMg=='],
    [{ id: '5' }, 'ReportFile', 'ReportFile:5'],
    [{ id: '5' }, 'ReportComment', 'ReportComment:5'],
    [{}, 'ReportHeaders', undefined],
  ])('%o of %s → %p', (value, typeName, expected) => {
    expect(dataIdOf(value, typeName)).toBe(expected);
  });

  it('keeps a file and a comment with the same number apart', () => {
    expect(dataIdOf({ id: '7' }, 'ReportFile')).not.toBe(dataIdOf({ id: '7' }, 'ReportComment'));
  });
});
