export { createDataProvider, type CreaseDataProvider } from './dataProvider';
export { createAuthProvider, serverLogin, type Credentials, type LoginRequest } from './authProvider';
export { useUploadProgress } from './uploadProgress';
export { ENTITY_RESOURCES, LOOKUP_RESOURCES } from './resources';
