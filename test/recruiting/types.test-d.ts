/**
 * Compile-time guarantees of the recruiting connector's generated types (test/messaging/types.test-d.ts
 * says how type tests run): credential fields, and downloads as streams with the vendor's types.
 */
import { assertType, describe, expectTypeOf, it } from 'vitest';
import { RecruitingConnector, type DownloadStream } from '@switchyard/connector-recruiting';

const recruiting = new RecruitingConnector({ auth: { api_key: 'k' }, baseUrl: 'http://127.0.0.1:9' });

describe('credentials', () => {
  it('reject a field of no kind', () => {
    // @ts-expect-error the recruiting key is `api_key`
    assertType(new RecruitingConnector({ auth: { api_token: 'k' } }));
  });
});

describe('downloads', () => {
  it('resolve to a stream of the file', () => {
    expectTypeOf(recruiting.candidate_attachment.download({ id: 1, type: 'resume' })).resolves.toExtend<{ data: DownloadStream }>();
    expectTypeOf<DownloadStream>().toExtend<AsyncIterable<Uint8Array>>();
  });

  it('accept only the attachment types the vendor defines', () => {
    // @ts-expect-error not an attachment type
    assertType(recruiting.candidate_attachment.download({ id: 1, type: 'photo' }));
    // @ts-expect-error the record id is a number
    assertType(recruiting.candidate_attachment.download({ id: '1' }));
  });
});
