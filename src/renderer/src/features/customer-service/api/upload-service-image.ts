import type { UploadedFile } from '@shared/contract/uploads';
import { uploadPatternFile } from '../../../api/upload-pattern-file';

// A service image goes through the same upload as every file (GenPostPolicy, then the bytes);
// the server reads the format from the bytes and the message call accepts png/jpg ≤ 2 MB only.

/** Uploads one image and returns its stored file (fileKey for the message). */
export const uploadServiceImage = (file: Blob): Promise<UploadedFile> => uploadPatternFile(file);
