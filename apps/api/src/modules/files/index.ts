/**
 * Public surface of the files module: other modules, the route table, the jobs and the seeds import
 * from here and never from the files behind it, so the module can change its insides freely.
 * The boundaries test (apps/api/src/test/boundaries.test.ts) keeps it so.
 */

export { filesRoutes } from './files.routes';
export {
  assertUploadedImage,
  isUploadKey,
  newUploadKey,
  storeUpload,
  uploadedImageProblem,
} from './files.service';
export { createStorage, type Storage } from './storage';
