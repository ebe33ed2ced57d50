import { describe, expect, it } from 'vitest';
import { imageHit } from '../test/image-search-fixtures';
import { picBatchCsv } from './pic-batch-csv';

describe('picBatchCsv', () => {
  it('writes one line per match and one for a file without any, after a BOM and the header', () => {
    const csv = picBatchCsv(
      [
        {
          fileName: 'a.jpg',
          status: '完成',
          matches: [imageHit(7, 'same'), imageHit(8, 'similar')],
        },
        { fileName: 'b.jpg', status: '完成', matches: [] },
      ],
      (id) => `https://wenyang.example/work/detail?id=${id}`,
    );
    expect(
      csv.startsWith('\uFEFF文件名,状态,匹配类型,作品ID,作品标题,设计师,相似度,链接\r\n'),
    ).toBe(true);
    expect(csv.trimEnd().split('\r\n').slice(1)).toEqual([
      'a.jpg,完成,同款,7,作品7,青禾设计,0.9800,https://wenyang.example/work/detail?id=7',
      'a.jpg,完成,相似,8,作品8,青禾设计,0.7000,https://wenyang.example/work/detail?id=8',
      'b.jpg,完成,,,,,,',
    ]);
  });
});
