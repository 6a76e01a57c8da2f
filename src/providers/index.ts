export { createDataProvider, type CreaseDataProvider } from './dataProvider';
export { createAuthProvider, serverLogin, serverLogout, type Credentials, type LoginRequest, type LogoutRequest } from './authProvider';
export { useUploadProgress } from './uploadProgress';
export { ENTITY_RESOURCES, LOOKUP_RESOURCES } from './resources';
