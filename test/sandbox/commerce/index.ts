// Sandbox endpoints for commerce (filled in by its issue).
import type { SandboxResource } from '../frame';

export const commerce: SandboxResource = { routes: [] };
