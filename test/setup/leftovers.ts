import { afterAll } from 'vitest';
import { closeLeftoverServers } from '../helpers/server.js';

// Runs after each file's own afterAll hooks (vitest runs after-hooks in reverse order of
// registration, and this file's are registered first): only servers a file left open remain.
afterAll(closeLeftoverServers);
